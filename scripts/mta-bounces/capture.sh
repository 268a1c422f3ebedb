#!/usr/bin/env bash
# Captures the bounces a real MTA writes about the refusals in plan.json, into
# apps/server/src/test/fixtures/mta-bounces/<name>/, or with --own about the failures of its own in own-reasons.json,
# into apps/server/src/test/fixtures/mta-own-reasons/<name>/ (see README.md). Run as root on Debian 12, one MTA at a
# time: installing one replaces the other (they all provide mail-transport-agent).
#
#   sudo scripts/mta-bounces/capture.sh postfix|exim|sendmail|sendmail-no-pipelining|opensmtpd|courier|dma [--own]
set -euo pipefail

name=${1:?usage: capture.sh postfix|exim|sendmail|sendmail-no-pipelining|opensmtpd|courier|dma [--own]}
own=false
[[ ${2:-} == --own ]] && own=true
repo=$(cd "$(dirname "$0")/../.." && pwd)
node="$repo/node_modules/.bin/node"
out="$repo/apps/server/src/test/fixtures/mta-bounces/$name"
$own && out="$repo/apps/server/src/test/fixtures/mta-own-reasons/$name"
drop=/tmp/mta-bounces-drop
work=$(mktemp -d)
chmod 0755 "$work" # the MTAs read their configuration from here as their own users
id bouncer >/dev/null 2>&1 || useradd -m bouncer
rm -rf "$drop" && mkdir -p "$drop/new" "$drop/cur" "$drop/tmp" && chmod 0777 "$drop" "$drop/new" "$drop/cur" "$drop/tmp"
export DEBIAN_FRONTEND=noninteractive

postfix_up() {
  apt-get install -y -q postfix >/dev/null
  postconf -e 'myhostname = mta.capture.test' 'mydomain = capture.test' \
    'mydestination = localhost, capture.test, mta.capture.test' 'inet_interfaces = loopback-only' \
    'inet_protocols = ipv4' 'local_recipient_maps =' 'luser_relay = bouncer' "home_mailbox = Maildir/" \
    'transport_maps = inline:{sink.test=smtp:[127.0.0.1]:2525}' 'maximal_queue_lifetime = 0' \
    'bounce_queue_lifetime = 0' 'smtp_tls_security_level = none' 'smtpd_tls_security_level = none' \
    'mynetworks = 127.0.0.0/8' 'alias_maps = inline:{ {r7=|/bin/false} }' 'alias_database =' \
    "smtp_host_lookup = $($own && echo dns || echo native)" \
    'maillog_file = /var/log/postfix.log'
  postconf -F '*/*/chroot = n'
  postsuper -d ALL >/dev/null 2>&1 || true # what an earlier run left queued
  rm -rf /home/bouncer/Maildir && ln -s "$drop" /home/bouncer/Maildir
  postfix start
}
postfix_down() { postfix stop; }

exim_up() {
  apt-get install -y -q exim4-daemon-light >/dev/null
  sed "s|@DROP@|$drop|" "$repo/scripts/mta-bounces/exim.conf" >"$work/exim.conf"
  chown Debian-exim "$drop" "$drop/new"
  rm -rf /var/spool/exim4/input /var/spool/exim4/msglog # what an earlier run left queued
  exim4 -C "$work/exim.conf" -bd -q5s # the daemon detaches itself
}
exim_down() {
  exim4 -C "$work/exim.conf" -qff || true
  sleep 3
  pkill -f "exim4 -C $work/exim.conf" || true
}

sendmail_up() {
  apt-get install -y -q sendmail-bin sendmail-cf m4 >/dev/null
  install -m 0755 /dev/stdin /usr/local/bin/capture-drop <<EOF
#!/bin/sh
# The local mailer of the bounce capture: each message delivered becomes one file.
sed '1{/^From /d}' >"$drop/new/\$(date +%s%N).eml"
EOF
  cp "$repo/scripts/mta-bounces/sendmail.mc" /etc/mail/sendmail.mc
  printf 'capture.test\nmta.capture.test\nlocalhost\n' >/etc/mail/local-host-names
  printf 'sink.test\tesmtp:[127.0.0.1]\n' >/etc/mail/mailertable
  printf 'Connect:127.0.0.1\tRELAY\nConnect:localhost\tRELAY\n' >/etc/mail/access
  rm -f /var/spool/mqueue/* # what an earlier run left queued
  (cd /etc/mail && makemap hash mailertable <mailertable && makemap hash access <access && m4 sendmail.mc >sendmail.cf)
  printf 'r7: |/bin/false\n' >/etc/aliases && newaliases
  # --own: give up on a host that refuses after 30 seconds, not five days
  /usr/sbin/sendmail -bd -q5s $($own && echo -OTimeout.queuereturn=30s)
}
sendmail_down() { pkill sendmail || true; }

opensmtpd_up() {
  apt-get install -y -q opensmtpd >/dev/null
  sed "s|@DROP@|${drop%/}|" "$repo/scripts/mta-bounces/smtpd.conf" >"$work/smtpd.conf"
  chown bouncer "$drop" "$drop/new"
  smtpd -f "$work/smtpd.conf" -d >"$work/smtpd.log" 2>&1 &
  echo $! >"$work/smtpd.pid"
}
opensmtpd_down() { kill "$(cat "$work/smtpd.pid")" || true; }

if ss -ltn | grep -q '127.0.0.1:25 '; then
  echo "port 25 is taken (another MTA still running?): stop it first" >&2
  exit 1
fi
courier_up() {
  apt-get install -y -q courier-mta >/dev/null
  local etc=/etc/courier
  echo mta.capture.test >$etc/me
  echo mta.capture.test >$etc/defaultdomain
  printf 'localhost\nmta.capture.test\n' >$etc/locals
  echo capture.test >$etc/hosteddomains/capture
  echo '@capture.test: bouncer' >$etc/aliases/capture # bouncer-<local part>@mta.capture.test
  echo 'r7@capture.test: |/bin/false' >$etc/aliases/failing # --own: a local command that fails
  # on 127.0.0.1 only, so that 127.0.0.9 (--own: nothing listens) refuses instead of looping back to Courier
  grep -q '^ADDRESS=127.0.0.1' $etc/esmtpd || echo 'ADDRESS=127.0.0.1' >>$etc/esmtpd
  echo 'sink.test: [127.0.0.1],2525' >$etc/esmtproutes
  sed -i 's/^BOFHCHECKDNS=1/BOFHCHECKDNS=0/; s/^TARPIT=1/TARPIT=0/' $etc/esmtpd
  makehosteddomains && makealiases && makesmtpaccess
  echo "$drop/" >/home/bouncer/.courier-default # every bouncer-* extension into the drop maildir
  chown -R bouncer "$drop" /home/bouncer/.courier-default
  esmtpd stop >/dev/null 2>&1 || true
  courier stop >/dev/null 2>&1 || true
  authdaemond start && courier start && esmtpd start
}
courier_down() { esmtpd stop; courier stop; authdaemond stop; }

# The DragonFly Mail Agent listens on no port: it is handed mail by its sendmail command, sends everything to the
# smarthost (the sink) and delivers its bounces to /var/mail/<user>, one mbox that dma_collect splits into the drop.
dma_up() {
  apt-get install -y -q dma >/dev/null
  # --own: no smarthost, so dma looks the domains up (the own-reasons DNS names sink.test 127.0.0.1)
  { $own || echo 'SMARTHOST 127.0.0.1'; printf 'PORT 2525\nMAILNAME capture.test\n'; } >/etc/dma/dma.conf
  # dma 0.13 crashes on a catch-all alias, so each MAIL FROM sender of the plan is named
  python3 -c 'import json,sys; [print("mail-%s: bouncer" % e["id"]) for e in json.load(open(sys.argv[1])) if e["stage"] == "mail"]' \
    "$repo/scripts/mta-bounces/plan.json" >/etc/aliases
  rm -f /var/mail/bouncer /var/spool/dma/* # what an earlier run left
}
dma_collect() {
  [[ -f /var/mail/bouncer ]] || return 0
  python3 - "$drop/new" <<'EOF'
import mailbox, os, sys
box = mailbox.mbox('/var/mail/bouncer', create=False)
for n, key in enumerate(box.keys()):
    path = os.path.join(sys.argv[1], f'{n + 1:04d}.eml')
    if not os.path.exists(path):
        with open(path, 'wb') as out:
            out.write(box.get_bytes(key))
EOF
}
dma_down() { pkill -x dma || true; }

mta=${name%-no-pipelining}
sink_flags=()
[[ $name == *-no-pipelining ]] && sink_flags+=(--no-pipelining)
inject_flags=()
# Only Postfix is told to give up at the first temporary failure (maximal_queue_lifetime = 0).
[[ $mta != postfix ]] && inject_flags+=(--final-only)
# dma listens on no port: both injectors hand it mail through its sendmail command
hand_over=()
[[ $mta == dma ]] && hand_over=(--sendmail /usr/sbin/sendmail)

"$node" "$repo/scripts/mta-bounces/sink.ts" 2525 "${sink_flags[@]}" &
sink=$!
dns=
cleanup() {
  kill $sink 2>/dev/null || true
  if [[ -n $dns ]]; then kill "$dns" 2>/dev/null || true; cp "$work/resolv.conf" /etc/resolv.conf; fi
  rm -rf "$work"
}
trap cleanup EXIT
if $own; then
  # Installed first, while Debian's mirror still resolves (each *_up installs it again, then a no-op).
  declare -A packages=([postfix]=postfix [exim]=exim4-daemon-light [sendmail]='sendmail-bin sendmail-cf m4'
    [opensmtpd]=opensmtpd [courier]=courier-mta [dma]=dma)
  # shellcheck disable=SC2086 # several packages for sendmail
  apt-get install -y -q ${packages[$mta]} >/dev/null
  # The own reasons need DNS the MTA asks through the system resolver: the scenarios' zone on 127.0.0.1:53.
  cp /etc/resolv.conf "$work/resolv.conf"
  "$node" "$repo/scripts/mta-bounces/own.ts" dns &
  dns=$!
  sleep 1
  echo 'nameserver 127.0.0.1' >/etc/resolv.conf
fi
"${mta}_up"
sleep 2
if $own; then
  "$node" "$repo/scripts/mta-bounces/own.ts" inject "$work" "${hand_over[@]}" | tee "$work/handed.log"
  handed=$(tail -1 "$work/handed.log" | grep -o '[0-9]\+')
else
  handed=$("$node" "$repo/scripts/mta-bounces/inject.ts" "$work" "${inject_flags[@]}" "${hand_over[@]}" | grep -o '[0-9]\+')
fi

# Wait until every message handed over has bounced (one bounce at least each) and no more arrive: each MTA queues
# and retries at its own pace. Three minutes at most.
count=-1
stable=0
for _ in $(seq 1 60); do
  sleep 3
  if declare -F "${mta}_collect" >/dev/null; then "${mta}_collect"; fi
  now=$(find "$drop/new" -type f | wc -l)
  if [[ $now -eq $count ]]; then stable=$((stable + 1)); else stable=0; fi
  count=$now
  [[ $now -ge $handed && $stable -ge 2 ]] && break
done
"${mta}_down"

if [[ $count -lt $handed ]] && ! $own; then
  echo "only $count bounces for $handed messages: $out left as it was" >&2
  exit 1
fi
rm -rf "$out" && mkdir -p "$out"
cp "$work/sent.json" "$out/"
n=0
for file in $(ls -tr "$drop/new"); do
  n=$((n + 1))
  cp "$drop/new/$file" "$out/$(printf %02d $n).eml"
done
if $own; then
  # A message delivered instead of bounced (an MTA whose aliases caught it) is dropped; an own reason the MTA did not
  # bounce in time (dma retries a refusing host for days, and has no loop check) is left out of sent.json, by name.
  python3 - "$out" <<'EOF'
import email, json, os, sys
out = sys.argv[1]
for f in [f for f in os.listdir(out) if f.endswith('.eml')]:
    with open(os.path.join(out, f), 'rb') as raw:
        if str(email.message_from_binary_file(raw).get('Subject', '')).startswith('Own reason'):
            os.remove(os.path.join(out, f))
            print(f'{f}: delivered, not bounced')
text = ''.join(open(os.path.join(out, f), errors='replace').read() for f in os.listdir(out) if f.endswith('.eml'))
sent = json.load(open(os.path.join(out, 'sent.json')))
for s in sent:
    if s['recipient'] not in text:
        print(f"{s['id']}: no bounce in time")
with open(os.path.join(out, 'sent.json'), 'w') as kept:
    kept.write(json.dumps([s for s in sent if s['recipient'] in text], indent=2) + '\n')
EOF
fi
echo "captured $n bounces from $name into $out"
