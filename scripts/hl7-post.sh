#!/usr/bin/env bash
# Posts a file of HL7 v2 messages (ER7: one message, several, or a FHS/BHS batch; MLLP
# framing allowed) to a Samrap feed endpoint with the branch's feed key, as a hospital's
# interface engine does, and prints the ACKs one segment a line (docs/hl7.md).
#
#   scripts/hl7-post.sh URL KEY FILE
#   scripts/hl7-post.sh http://localhost:8080/api/hl7/SRP01 "$FEED_KEY" day.hl7
#   go run ./scripts/hl7demo -branch SRP01 | scripts/hl7-post.sh http://localhost:8080/api/hl7/SRP01 "$FEED_KEY" -
#
# The key is what POST /api/data-patient/rotateFeedKey answered (Super Admin). Exits 1 when
# the endpoint answers anything but 200, 2 when an ACK is not AA.
set -euo pipefail
if [ $# -ne 3 ]; then
  echo "usage: $0 URL KEY FILE (- for stdin)" >&2
  exit 64
fi
url=$1 key=$2 file=$3
out=$(mktemp)
trap 'rm -f "$out"' EXIT
status=$(curl -sS -o "$out" -w '%{http_code}' -X POST "$url" \
  -H "Authorization: Bearer $key" -H 'Content-Type: x-application/hl7-v2+er7' \
  --data-binary "@$file")
tr '\r' '\n' <"$out"
echo
if [ "$status" != 200 ]; then
  echo "HTTP $status" >&2
  exit 1
fi
total=$(tr '\r' '\n' <"$out" | grep -c '^MSA|' || true)
accepted=$(tr '\r' '\n' <"$out" | grep -c '^MSA|AA|' || true)
echo "$accepted of $total messages accepted (AA)" >&2
[ "$total" = "$accepted" ] || exit 2
