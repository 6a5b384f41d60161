package orders

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"samrap/pkg/session"
)

// The tray's QR token (docs/orders.md, getQrByOrderId): an opaque signed string carrying the
// order id, the branch, the date, the meal type and an 8-byte digest of the HN, sealed with
// HMAC-SHA256 under a key derived from the JWT secret (session.Keys.Derive). Nothing in it
// reads as personal data; nobody without the key can make one.

// tokenPurpose names the derived key.
const tokenPurpose = "samrap/orders/qr-token/v1"

// tokenVersion is the first byte of a token.
const tokenVersion = 1

// macSize is the length of the seal kept (128 bits of HMAC-SHA256).
const macSize = 16

var epoch = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)

// ErrBadToken is any token that is not one of ours, or altered.
var ErrBadToken = errors.New("orders: invalid order token")

// Token is what a QR token says.
type Token struct {
	OrderID    string
	BranchCode string
	Date       string // YYYY-MM-DD
	MealTimeID int64
	HnDigest   [8]byte
}

// TokenKey answers the key tokens are sealed with.
func TokenKey(ctx context.Context, keys *session.Keys) ([]byte, error) {
	return keys.Derive(ctx, tokenPurpose)
}

func hnDigest(key []byte, branch, hn string) [8]byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("hn\x00" + branch + "\x00" + hn))
	var out [8]byte
	copy(out[:], m.Sum(nil))
	return out
}

// HNMatches says whether the token was made for the HN.
func (t Token) HNMatches(key []byte, hn string) bool {
	d := hnDigest(key, t.BranchCode, hn)
	return hmac.Equal(d[:], t.HnDigest[:])
}

// SignToken seals an order's token.
func SignToken(key []byte, orderID, branch, date string, mealTimeID int64, hn string) (string, error) {
	id, err := hex.DecodeString(strings.ReplaceAll(orderID, "-", ""))
	if err != nil || len(id) != 16 {
		return "", fmt.Errorf("orders: token of order %q: %w", orderID, ErrBadToken)
	}
	// days since epoch, both at midnight UTC (the time zone plays no part in a count of days)
	d, err := time.Parse(time.DateOnly, date)
	if err != nil || len(branch) > 255 {
		return "", fmt.Errorf("orders: token date %q: %w", date, ErrBadToken)
	}
	var b bytes.Buffer
	b.WriteByte(tokenVersion)
	b.Write(id)
	b.WriteByte(byte(len(branch)))
	b.WriteString(branch)
	b.Write(binary.BigEndian.AppendUint16(nil, uint16(d.Sub(epoch).Hours()/24)))
	b.Write(binary.AppendUvarint(nil, uint64(mealTimeID)))
	digest := hnDigest(key, branch, hn)
	b.Write(digest[:])
	m := hmac.New(sha256.New, key)
	m.Write(b.Bytes())
	b.Write(m.Sum(nil)[:macSize])
	return base64.RawURLEncoding.EncodeToString(b.Bytes()), nil
}

// VerifyToken checks a token's seal and answers what it says (the serve screens call it).
func VerifyToken(key []byte, token string) (Token, error) {
	// Strict: only the text that was issued; a lenient reader also takes another last
	// character whose unused bits differ, so a changed token could still verify.
	raw, err := base64.RawURLEncoding.Strict().DecodeString(token)
	if err != nil || len(raw) < 1+16+1+2+1+8+macSize || raw[0] != tokenVersion {
		return Token{}, ErrBadToken
	}
	body, seal := raw[:len(raw)-macSize], raw[len(raw)-macSize:]
	m := hmac.New(sha256.New, key)
	m.Write(body)
	if !hmac.Equal(seal, m.Sum(nil)[:macSize]) {
		return Token{}, ErrBadToken
	}
	var t Token
	id := hex.EncodeToString(body[1:17])
	t.OrderID = id[0:8] + "-" + id[8:12] + "-" + id[12:16] + "-" + id[16:20] + "-" + id[20:]
	rest := body[17:]
	n := int(rest[0])
	if len(rest) < 1+n+2+1+8 {
		return Token{}, ErrBadToken
	}
	t.BranchCode = string(rest[1 : 1+n])
	rest = rest[1+n:]
	t.Date = epoch.AddDate(0, 0, int(binary.BigEndian.Uint16(rest[:2]))).Format(time.DateOnly)
	rest = rest[2:]
	meal, k := binary.Uvarint(rest)
	if k <= 0 || len(rest[k:]) != 8 {
		return Token{}, ErrBadToken
	}
	t.MealTimeID = int64(meal)
	copy(t.HnDigest[:], rest[k:])
	return t, nil
}

// QR answers an order's token (getQrByOrderId).
func (s *Service) QR(ctx context.Context, branch, id string) (map[string]string, error) {
	if !uuidShape().MatchString(id) {
		return nil, fmt.Errorf("orders.qr: %w", ErrNotFound)
	}
	list, err := Orders(ctx, s.db, branch, []string{id})
	if err != nil {
		return nil, fmt.Errorf("orders.qr: %w", err)
	}
	if len(list) == 0 {
		return nil, fmt.Errorf("orders.qr: %w", ErrNotFound)
	}
	o := list[0]
	key, err := s.key(ctx)
	if err != nil {
		return nil, fmt.Errorf("orders.qr: %w", err)
	}
	tok, err := SignToken(key, o.OrderID, branch, o.DateOrder, o.MealTimeID, o.HnID)
	if err != nil {
		return nil, err
	}
	return map[string]string{"orderId": o.OrderID, "token": tok}, nil
}
