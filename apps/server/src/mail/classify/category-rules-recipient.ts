import { rule, type SourcedCategoryRule } from './sourced-rule.ts';

// Default category rules about the recipient (part of the list category-rules.ts assembles, in its order).

/** The recipient unknown to the receiver's directory, and the recipient's own settings. */
export const DIRECTORY_RULES: readonly SourcedCategoryRule[] = [
  // --- The recipient is not in the receiver's directory (before the broad words: "not listed", "blocked",
  // "directory error" mean something else elsewhere) ---
  rule(
    'bad-mailbox',
    "The receiver's directory does not know the recipient",
    "Microsoft Exchange Online Directory-Based Edge Blocking (550 5.4.1 'Recipient address rejected: Access denied', recipients not in the directory); Lotus Domino 'User ... not listed in Domino Directory' / 'not listed in public Name & Address Book'; Postfix 'User unknown in local recipient table' / 'virtual mailbox table' (the recipient tables of ADDRESS_VERIFICATION_README and LOCAL_RECIPIENT_README); LDAP-backed gateways' 'not found in directory'; Exchange 'RESOLVER.ADR.RecipNotFound' (directory lookup of the recipient); Lotus Domino's ambiguous name ('Recipient user name info (a@b) not unique. Several matches found in Domino Directory', PHPMailer-BMH's rule samples)",
    [
      // The recipient (or its address) is the one missing, and the directory is the receiver's, not someone's own:
      // "sender not in the recipient's address book" is a recipient's filter (a policy), not an unknown address.
      String.raw`\b(recipient|user|address|mailbox|addressee|rcpt|account|e-?mail|[^\s<>]+@[^\s<>]+>?)\b.{0,40}\bnot (listed |found |present |registered |known )?(in|on) (the |our |this |a |any |local )?([^\s']+ )?(directory|address book|address list|name (&|and) address book|recipient (table|list|database)|user (table|list|database))\b`,
      String.raw`\bdirectory[- ]based edge blocking|\bdbeb\b|not unique\.?\s+several matches found|\bdirectory (lookup|look-up|check|verification)\b|\b(recipient|rcpt) (address )?(lookup|verification) (failed|failure|rejected|refused)`,
    ],
  ),

  // --- The recipient's own settings ---
  rule(
    'policy-related',
    "The recipient's own preferences or filters refuse the message",
    "Facebook postmaster response codes (RCP-P2 'The attempted recipient's preferences prevent messages from being delivered', RCP-P3 privacy settings); QQ Mail's published SMTP codes ('Mail is rejected by recipients': a filter the recipient created, 'You are on this recipient's personal blacklist'); the Japanese carriers' '受信拒否' (reception refusal) settings pages (NTT docomo, au, SoftBank); the recipient's own block or known-senders-only setting ('the recipient has blocked all mail from your domain', 'does not accept mail from unknown senders', as challenge-response and whitelist-only filters word it); Exchange and Outlook inbox rules ('message rejected by the recipient's rules')",
    [
      String.raw`\bRCP-P[23]\b|recipient'?s? (own )?(preferences|privacy settings)|mail is rejected by recipients|受信拒否`,
      String.raw`(recipient|user|addressee)'?s? (personal |own )?(block ?list|black ?list|sender filters?|mail filters?|filtering rules?|blocked senders|(inbox |mail |mailbox )?rules)\b|recipient (inbox|mailbox) rules`,
      // The recipient's own block of our domain or address, or a setting that takes mail only from senders it knows.
      String.raw`(recipient|user|addressee) (has|have) blocked (all )?(mail|e-?mail|messages)|(does not|doesn't|will only|only) accepts? (mail|e-?mail|messages) from (unknown|known|approved|authori[sz]ed|trusted) senders`,
    ],
  ),
  rule(
    'policy-related',
    'Sending-frequency caps per IP, connection, domain or sender',
    "QQ Mail's published SMTP codes ('Ip frequency limited', 'Connection frequency limited', 'Domain frequency limited', 'Sender frequency limited'); Orange OFR004_104 'Too many connections, slow down'",
    [String.raw`(ip|connection|domain|sender) frequency limit|frequency limited`],
  ),

  rule(
    'policy-related',
    "au/KDDI answer '550 : User unknown' at DATA when the recipient's own filter refuses the sender",
    "KDDI au 'receiving refusal' settings (the reply seen in the corpus, from au directly and relayed by Gmail and Exchange Online; not documented publicly in English)",
    [String.raw`\b550 : user unknown`],
    ['rhost-kddi', 'lhost-ezweb', 'lhost-office365', 'rhost-gsuite', 'rfc3464'],
  ),
];

/** The recipient's mailbox: full, switched off, or not there. */
export const MAILBOX_RULES: readonly SourcedCategoryRule[] = [
  // --- The recipient's mailbox: full, switched off, or not there ---
  rule(
    'bad-domain',
    'A common canned reply that names a missing account or domain first (and blocklisting only as a maybe)',
    "KumoMTA community rules ('The account or domain may not exist, they may be blacklisted, or missing the proper dns entries')",
    ['account or domain may not exist'],
  ),
  rule(
    'bad-domain',
    'The recipient domain named as missing, in other languages (before the unknown-user words, which share the verbs)',
    "The usual Spanish, French, Italian, Portuguese and German words for a domain that does not exist or was not found, as webmail and hosting providers localise RFC 3463 X.1.2 ('Bad destination system address'); the Japanese 'mail server not found' ('メールサーバーが見つかりません')",
    [
      String.raw`\bdominio (no (encontrado|existe)|inexistente|inesistente|sconosciuto|non esiste|desconocido)|\bel dominio no existe|\bdomaine (introuvable|inexistant|inconnu)|\ble domaine n'existe pas|\bdom[ií]nio (n[ãa]o (encontrado|existe)|inexistente|desconhecido)|\bdomain (existiert nicht|nicht gefunden)|\bunbekannte domain`,
      '(メール)?サーバー?が見つかりません',
    ],
  ),
  rule(
    'quota-issues',
    'Mailbox or server storage full',
    "RFC 5321 552 'exceeded storage allocation' and 452 'insufficient system storage'; Gmail 452-4.2.2/552-5.2.2 'The email account that you tried to reach is over quota', 'inbox is out of storage space'; Microsoft 'mailbox full' (STOREDRV 5.2.2); Dovecot 'Quota exceeded (mailbox for user is full)'; Postfix local(8) over mailbox_size_limit ('cannot update mailbox ... error writing message: File too large'); GNU Mailutils 'mailbox quota exceeded for this recipient'; the usual German, Italian, Spanish and French words for a full mailbox, and the Japanese ones ('容量超過', 'メールボックスが一杯') and the Russian ones ('ящик переполнен', 'превышен лимит') and the Chinese webmail ones ('邮箱已满', '空间不足'); KumoMTA community rules ('Mailbox is full / Blocks limit exceeded / Inode limit exceeded'); PowerMTA defaults (/quota/, /mailbox +(is +)?full/); KumoMTA community rules (QuotaIssues); Microsoft NDR 5.2.2 ('The mailbox you tried to reach is full', STOREDRV 'QuotaExceededException'); Gmail's OverQuotaTemp/OverQuotaPerm help links; the Portuguese 'caixa postal cheia'; 'Too many messages in mailbox' (the message-count quota of Dovecot and Courier); RFC 3463 X.3.1 'Mail system full'; 'User mailbox is overfull'; the Polish, Dutch, Swedish, Turkish and Korean words for a full mailbox; the German 'Die Mailbox des Empfängers ist voll' and 'zu viele Mails auf dem Server' (the message-count quota in German); PHPMailer-BMH's rule samples ('recipient quota limit is exceeded', 'has exceeded the allowed mailbox quota', 'User has exhausted allowed storage space', 'does not have enough space', 'Mailbox space not enough'); Sun Java System Messaging Server ('recipient reached disk quota')",
    [
      String.raw`(mail ?box|inbox|mail ?folder|account|maildir|mail drop|recipient|user)('s)? (is |was |has become |appears to be )?(full|over ?quota|out of (storage|space)|over (the )?(storage|size) limit)`,
      String.raw`over ?quota|\boverfull\b|quota (exceeded|exceed|full|violation|usage exceeded)|quota (limit )?(is |has been |was )?exceeded|(exceed(s|ed|ing)?|over) (the |his |her |their |its |your )?(recipient'?s? |user'?s? )?(allowed |maximum |permitted )?(storage|quota|mailbox|disk)|exceeded storage allocation|exhausted (the |its |his |her |their )?(allowed |available )?(storage|disk|mailbox|quota) ?(space|quota)?|\breached (its |the |his |her |their |your )?(maximum |max |allowed )?(disk |storage |mailbox )?quota\b`,
      String.raw`(storage|disk|space) (allocation|quota) exceeded|insufficient (disk |system |mail )?(space|storage)|not (have )?enough (disk |storage |free )?space|\bspace (is )?not enough|out of (storage|disk) space|no space left|\b(mail )?system (is )?full\b`,
      String.raw`(mail ?box|inbox) (size |storage )?(limit|quota) (exceeded|reached)|mailbox size limit|user has (exceeded|too many messages)|too many messages in (the |this |user'?s? )?(mail ?box|inbox|folder)|too much mail|disk full|storage (full|exceeded|limit)`,
      // "has reached its storage limit", "reached the maximum mailbox size", "mailbox has reached its quota" (Gmail's
      // 'out of storage space', Microsoft's 'mailbox has reached its maximum size', Yahoo's 'over its storage limit').
      String.raw`reached (its|the|his|her|their) (maximum |max )?(allowed )?(storage|mailbox|quota|size|disk)( size| limit| quota| space)?|(not enough|insufficient|no more) (free )?(storage|disk|mailbox|quota) (space)?|mailbox (size )?(is )?exceeded|maildir over quota`,
      String.raw`full (mail ?box|inbox)|exceeds allowed size|mailbox limit|would exceed (the )?(maximum )?(allowed )?(mailbox size|storage|quota)|(mail ?box|inbox) (is )?over capacity|mailbox has exceeded|has exceeded (his|her|their|the) (quota|storage|limit)`,
      // The mailbox named, then what it is: 'The mailbox you tried to reach is full' (Microsoft NDR 5.2.2), 'mailbox has
      // reached its limit', Microsoft's 'QuotaExceededException', Gmail's 'OverQuotaTemp'/'OverQuotaPerm' help links.
      String.raw`(mail ?box|inbox)\b.{0,40}\b(is|was) (now |currently )?(full|over (its |the |their )?(quota|limit))\b|(mail ?box|inbox)\b.{0,20}\b(reached|hit) (its|the|their) (\S+ )?(limit|capacity|quota|maximum)|quota ?exceeded`,
      String.raw`(postfach|mail ?box|mailbox des empf\S*)\b.{0,40}\bist (jetzt |leider )?voll\b|\bzu ?viele (e-?mails|mails|nachrichten) (auf dem server|im postfach)`,
      'postfach (ist )?voll|casella\\b.{0,30}\\bpiena|skrzynka\\b.{0,30}\\bpe[lł]na|(postvak|mailbox) (is )?vol\\b|brevl[åa]dan (är )?full|posta kutusu (dolu|doldu)|메일함이 (가득|꽉)|buz.n (de correo )?(est. )?lleno|bo.te (aux lettres )?pleine|caixa (postal |de correio )?(est. )?(cheia|lotada)|(inode|blocks) limit exceeded|error writing message: file too large',
      '容量(を|が)?(超過|オーバー|超え)|(メールボックス|メールbox|受信箱|受信ボックス)(の容量)?が(一杯|いっぱい|満杯)',
      'ящик переполнен|переполнен|превышен (лимит|размер|квот)',
      // Chinese webmail notices: mailbox full, not enough space.
      '(邮箱|信箱|空间)(已满|容量不足|空间不足)|空间不足',
    ],
  ),
  rule(
    'inactive-mailbox',
    'The mailbox exists but is switched off',
    "RFC 3463 X.2.1 'Mailbox disabled, not accepting messages'; Gmail 550-5.2.1 'The email account that you tried to reach is disabled'; Yahoo 'This mailbox is disabled (554.30)'; Mail.ru 'account is disabled'; KumoMTA community rules (InactiveMailbox: 'Account is not active', 'account is suspended', 'Account Closed, Please Remove', 'DisabledUser'); PowerMTA default patterns ('(conta|usu.rio) inativ(a|o)'); Orange/La Poste's bilingual 'The recipient account is blocked'; 'This mailbox is dormant'; the Spanish, French, German, Italian, Portuguese and Russian words for a disabled or blocked account; PHPMailer-BMH's rule samples ('mail receiving disabled', '<user> is now disabled with MTA service')",
    [
      String.raw`(account|mail ?box|user|recipient|e-?mail address)\b.{0,40}\b(is|was|has been|been) (temporar(il)?y |currently |permanently |now )?(disabled|suspended|deactivated|inactive|closed|expired|locked|frozen|terminated|discontinued)`,
      '(disabled|suspended|inactive|deactivated|expired|closed|locked|terminated) (e-?mail )?(account|mailbox|user|recipient|address)|(account|mailbox|user) (temporar(il)?y )?(disabled|suspended|deactivated|inactive|closed|locked|frozen|expired|not activated)',
      String.raw`(user|account|mailbox) \S+ (temporar(il)?y )?locked|no longer (active|available|in use|valid|accepting|accepts)|account (is )?not (active|activated)|mailbox (is )?not enabled|disableduser|\b(mail ?box|account|user) (is )?dormant\b|dormant (account|mailbox)|<[^\s<>]+> (is )?(now )?(disabled|deactivated|suspended)\b|\b(mail )?receiving (is )?disabled|receiving (of )?(mail|e-?mail|messages) (is )?disabled`,
      String.raw`recipient'?s? (e-?mail )?account (is |has been )?(blocked|closed)|account closed|(conta|usu.rio) inativ[ao]|conta (desativada|suspensa|bloqueada)|cuenta (deshabilitada|desactivada|suspendida|inactiva|bloqueada)|compte (d[ée]sactiv[ée]|suspendu|bloqu[ée]|inactif)|konto (deaktiviert|gesperrt|inaktiv)|(account|utenza) (disattivat[oa]|sospes[oa])|(учетная запись|аккаунт|ящик)\S* (заблокирован|отключен)`,
    ],
  ),
  rule(
    'bad-mailbox',
    'No such mailbox',
    "RFC 3463 X.1.1 'Bad destination mailbox address'; RFC 5321 550 'mailbox unavailable'; Gmail 550-5.1.1 'The email account that you tried to reach does not exist'; Microsoft 5.1.1/5.1.10 'RESOLVER.ADR.RecipNotFound', 'Recipient not found by SMTP address lookup'; Yahoo 'This user doesn't have a yahoo.com account'; iCloud 'user does not exist'; Mail.ru 'invalid mailbox ... user not found'; Yandex 'No such user!'; Sendmail 'Addressee unknown'; Mimecast/Barracuda 'Invalid Recipient', 'No such user'; Lotus Domino 'User not listed in public Name & Address Book'; Outlook.com 'The email address you entered couldn't be found'; RFC 5321 553 'mailbox name not allowed'; KumoMTA community rules (InvalidRecipient: 'That recipient is not allowed', 'I cannot deliver mail for', 'sorry, no mailbox here by that name', 'Address invalid', 'No such ID', 'recipient unrecognized', 'User ... unknown'); PowerMTA default patterns ('(user|mailbox|recipient|rcpt|local part|address|account|addressee) (x@y )?(not valid|not known|not here|not found|does not exist|invalid|unknown|illegal)', 'my badrcptto list'); Facebook RCP-P1; QQ Mail 'Mailbox not found'; the Japanese carriers' and webmail notices ('メールアドレスが見つかりません', 'ユーザは存在しません', '宛先不明': address not found, no such user, unknown destination); the Russian words of Mail.ru's and Yandex's notices ('пользователь не найден', 'нет такого пользователя'); the Chinese webmail notices of QQ Mail, NetEase and Sina ('用户不存在', '收件人不存在': user, recipient does not exist); node-bounce-handler's hard list (Italian 'sconosciuto', 'inesistente', Polish 'nie istnieje', 'Nie ma takiego konta') and the usual French, German, Spanish, Portuguese and Dutch words for an unknown address; Exim's recipient callout ('Recipient verify failed') and Postfix reject_unverified_recipient; the French, Swedish, Danish, Finnish, Turkish and Korean words for an unknown recipient; Outlook.com's NDR ('a wasn't found at example.com'); 'Invalid email address', 'Syntax error in recipient address' (RFC 3463 X.1.3 in words); PHPMailer-BMH's rule samples ('Mailbox ( a@b ) not found', 'Command RCPT User <a@b> not OK', 'User not a member of domain', 'does not have an account here', 'Recipient address no longer exists'); 'Recipient rejected: <a@b>' with nothing else said (the address alone refused); Mail::DeliveryStatus::BounceParser's test corpus ('badrcptto(user mail-box not found)', 'No mail box available for this user', 'BAD_RECIPIENT', 'invalid FreeUK 550 username'); 'mailbox <a@b> unavailable' (Crisp's email-bounce-parser fixtures)",
    [
      '(user(name)?|address(ee)?|mail ?box|account) (is )?unknown|that recipient is not allowed|unknown (user|recipient|local[- ]?part|address|mailbox|e-?mail|account|alias)|no such (user|mailbox|recipient|address|account|person|local user|e-?mail)',
      String.raw`(user|mailbox|recipient|address|account|addressee|e-?mail)\b.{0,40}\b(does not|doesn't|did not|not) exists?|(mail-?box|recipient|user|address|account|addressee) (was )?not found|recip(ient)?notfound|\bno (mail[- ]?box|account|user) (is )?available\b|\bbad[_ ]recipient\b|\binvalid( \S+){0,2} user ?name\b`,
      'not a (valid|known|registered) (user|mailbox|recipient|address)|invalid (recipient|mailbox|user|address|final delivery userid|userid|account|e-?mail address)|(syntax error|bad syntax|invalid syntax) in (the )?(recipient|rcpt) address|recipient (address )?(is )?(invalid|unknown|not recogni[sz]ed)',
      "(recipient|user|addressee) (name )?(is )?not (recogni[sz]ed|listed|local|known)|(mailbox|user|recipient) (<?[^\\s<>]+@[^\\s<>]+>? )?(is )?unavailable|unrecognized recipient|no mailbox (here|by that name)|(address|user) (not|isn't) (known|listed)",
      // RFC 5321 550 'mailbox unavailable' put the other way ('mailbox not available'); Exim's recipient callout
      // ('Recipient verify failed', 'could not be verified') and Postfix reject_unverified_recipient.
      String.raw`\b(mail ?box|recipient|user|account) (is )?not available\b|\brecipient (address )?(verify|verification) failed|\b(recipient|recipient address|mailbox) (could not|cannot|can't) be verified`,
      String.raw`undeliverable address|bad destination (mailbox|address)|not our customer|no valid recipients|user not exist|doesn't have an? \S+ account|(does not|doesn't) have an? (e-?mail |mail )?account (here|on this (server|system)|with us)|not a member of (this |the )?domain|(address|mailbox|account|user) no longer exists?\b|no longer on (this |the )?server|has moved|\b(wasn't|was not) found at \S+|no one (with that|by that)`,
      String.raw`address (you entered )?(couldn't|could not|can't|cannot) be found|mailbox name not allowed|(unknown|illegal|invalid) (or illegal )?alias`,
      String.raw`recipient address(es)? rejected ?: access denied|(recipient )?address rejected\.?( <?[^\s<>]+@[^\s<>]+>?)?\.?\s*$|\brecipient rejected:? <?[^\s<>]+@[^\s<>]+>?\.?\s*$`,
      // The address alone refused, nothing else said ('550 <a@b>... Rejected', '550 recipient <a@b> denied').
      String.raw`^[^;]*; [45]\d\d[ -]([45]\.\d{1,3}\.\d{1,3} )?(recipient )?<?[^\s<>]+@[^\s<>]+>?(\.\.\.)?:? (rejected|denied)\.?\s*$`,
      String.raw`utilisateur inconnu|destinataire inconnu|adresse (e-?mail |électronique )?(inconnue|invalide|inexistante)|n'existe pas|unbekannt|existiert nicht|sconosciuto|inesistente|inexistente|no existe|desconocido|nie istnieje|nie ma takiego|desconhecid[oa]|n[ãa]o existe|bestaat niet|(gebruiker|ontvanger) onbekend|onbekende (gebruiker|ontvanger)|adresse introuvable|destinataire introuvable|ok[äa]nd mottagare|ukendt modtager|tuntematon vastaanottaja|(al[ıi]c[ıi]|kullan[ıi]c[ıi]) bulunamad[ıi]|사용자를 찾을 수 없습니다|존재하지 않는 (사용자|계정|메일)|пользовател[ья] не найден|нет такого (пользователя|адреса|ящика)|(адрес|ящик|адресат)\S* не существует`,
      String.raw`(user|mailbox|recipient|rcpt|local part|address|account|addressee) ([<(] ?)?[^\s<>()]+@[^\s<>()]+( ?[>)])?:? (is )?(not (a )?valid|not known|not here|not found|does not exist|invalid|unknown|illegal|not ok)\b|<?[^\s<>]+@[^\s<>]+>?:? (is )?(not (a )?valid|not known|not here|does not exist)\b`,
      String.raw`no mail-?box here by that name|sorry, no mailbox|i cannot deliver mail for|address invalid|no such id\b|recipient unrecogni[sz]ed|\bbadrcptto\b|\bRCP-P1\b`,
      // The Chinese webmail notices (QQ Mail, NetEase 163/126, Sina): user, recipient, mailbox or account does not exist.
      '(用户|收件人|邮箱|帐户|账户|帐号|账号|地址)(名)?(不存在|无效)',
      'アドレスが見つかりません|宛先が見つかりません|存在しない(ユーザ|アドレス|メールアドレス|宛先)|(ユーザ|ユーザー|アドレス|メールアドレス|宛先)(は|が)?存在しません|宛先不明|ユーザ(ー)?不明',
    ],
  ),
];
