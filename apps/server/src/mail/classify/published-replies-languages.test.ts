import { describe } from 'vitest';
import { checkPublishedReplies, type PublishedReply } from '../../test/published-replies.ts';

/**
 * Issue 12's generalisation check in other languages and in webmail notices: Gmail's and Outlook.com's bounce notices
 * ("Address not found", "Recipient inbox full", "wasn't found at"), and the usual words of webmail and hosting
 * providers in Spanish, French, Italian, Portuguese, German, Dutch, Polish, Swedish, Danish, Finnish, Turkish,
 * Russian, Japanese, Chinese and Korean for an unknown recipient or domain, a full mailbox, a disabled account and
 * spam. Written before the rules were changed for them (see docs/list-hygiene.md for the figures).
 */
const NOTICES_AND_LANGUAGES: PublishedReply[] = [
  [
    "Address not found. Your message wasn't delivered to a@example.test because the address couldn't be found, or is unable to receive mail.",
    'bad-mailbox',
    true,
  ],
  [
    "Recipient inbox full. Your message couldn't be delivered to a@example.test because the recipient's inbox is full.",
    'quota-issues',
    false,
  ],
  [
    "Domain not found. Your message wasn't delivered to example.invalid because the domain example.invalid couldn't be found. Check for typos or unnecessary spaces and try again.",
    'bad-domain',
    true,
  ],
  ["Your message to a@example.test couldn't be delivered. a wasn't found at example.test.", 'bad-mailbox', true],
  ["Your message couldn't be delivered because delivery to this address is restricted.", 'policy-related', false],
  [
    "Despite repeated attempts to deliver your message, the recipient's email system refused to accept a connection from your email system.",
    'message-expired',
    false,
  ],
  ['このメールアドレスは存在しません', 'bad-mailbox', true],
  ['メールボックスの容量を超えています', 'quota-issues', false],
  ['送信先のメールサーバーが見つかりません', 'bad-domain', true],
  ['收件人邮箱不存在', 'bad-mailbox', true],
  ['对方邮箱已满', 'quota-issues', false],
  ['550 Сообщение отклонено как спам', 'spam-related', false],
  ['550 Die Nachricht wurde als Spam eingestuft', 'spam-related', false],
  ['550 Dominio no encontrado', 'bad-domain', true],
  ['550 El dominio no existe', 'bad-domain', true],
  ['550 Domaine introuvable', 'bad-domain', true],
  ['550 Dominio inesistente', 'bad-domain', true],
  ['550 Domínio não encontrado', 'bad-domain', true],
  ['550 Der Empfänger ist unbekannt', 'bad-mailbox', true],
  ['550 Die Domain existiert nicht', 'bad-domain', true],
  ['552 La casella del destinatario è piena', 'quota-issues', false],
  ['550 Destinataire introuvable', 'bad-mailbox', true],
  ["550 Le domaine n'existe pas", 'bad-domain', true],
  ['550 Message refusé comme spam', 'spam-related', false],
  ['550 Mensaje rechazado por ser spam', 'spam-related', false],
  ['550 Cuenta deshabilitada', 'inactive-mailbox', false],
  ['550 Compte désactivé', 'inactive-mailbox', false],
  ['550 Konto deaktiviert', 'inactive-mailbox', false],
  ['550 Account disattivato', 'inactive-mailbox', false],
  ['550 Учетная запись заблокирована', 'inactive-mailbox', false],
  ['550 Почтовый ящик не существует', 'bad-mailbox', true],
  ['550 Домен не существует', 'bad-domain', true],
  ['550 Adres e-mail nie istnieje', 'bad-mailbox', true],
  ['552 Skrzynka pocztowa jest pełna', 'quota-issues', false],
  ['550 Postvak vol', 'quota-issues', false],
  ['550 Brevlådan är full', 'quota-issues', false],
  ['550 Okänd mottagare', 'bad-mailbox', true],
  ['550 Ukendt modtager', 'bad-mailbox', true],
  ['550 Tuntematon vastaanottaja', 'bad-mailbox', true],
  ['550 Alıcı bulunamadı', 'bad-mailbox', true],
  ['550 Posta kutusu dolu', 'quota-issues', false],
  ['550 사용자를 찾을 수 없습니다', 'bad-mailbox', true],
  ['550 받는 사람의 메일함이 가득 찼습니다', 'quota-issues', false],
];

describe('S3-066 webmail notices and replies in other languages (issue 12)', () => {
  checkPublishedReplies(NOTICES_AND_LANGUAGES);
});
