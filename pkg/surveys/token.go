package surveys

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"

	"samrap/pkg/session"
)

// The survey link's token (docs/surveys.md): base64url of the order id (16 bytes) and the
// first 10 bytes of HMAC-SHA256(key, "survey:"+orderId), 35 characters — short enough for a
// small QR code. The key is derived from the JWT secret (session.Keys.Derive); nobody without
// it can make a token, and the token says nothing but which tray.

// tokenPurpose names the derived key.
const tokenPurpose = "samrap/surveys/link/v1"

// sealSize is the length of the seal kept (80 bits).
const sealSize = 10

// ErrBadToken is any token that is not one of ours, or altered.
var ErrBadToken = errors.New("surveys: invalid survey token")

// TokenKey answers the key survey tokens are sealed with.
func TokenKey(ctx context.Context, keys *session.Keys) ([]byte, error) {
	return keys.Derive(ctx, tokenPurpose)
}

func seal(key []byte, orderID string) []byte {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("survey:" + orderID))
	return m.Sum(nil)[:sealSize]
}

// Token seals an order's survey token (orderID: the order's uuid, lower case).
func Token(key []byte, orderID string) (string, error) {
	orderID = strings.ToLower(orderID)
	id, err := hex.DecodeString(strings.ReplaceAll(orderID, "-", ""))
	if err != nil || len(id) != 16 {
		return "", fmt.Errorf("surveys: token of order %q: %w", orderID, ErrBadToken)
	}
	return base64.RawURLEncoding.EncodeToString(append(id, seal(key, orderID)...)), nil
}

// VerifyToken checks a token's seal and answers the order id it names.
func VerifyToken(key []byte, token string) (string, error) {
	// Strict: only the text that was issued; a lenient reader also takes another last
	// character whose unused bits differ, so a changed token could still verify.
	raw, err := base64.RawURLEncoding.Strict().DecodeString(token)
	if err != nil || len(raw) != 16+sealSize {
		return "", ErrBadToken
	}
	h := hex.EncodeToString(raw[:16])
	id := h[0:8] + "-" + h[8:12] + "-" + h[12:16] + "-" + h[16:20] + "-" + h[20:]
	if !hmac.Equal(raw[16:], seal(key, id)) {
		return "", ErrBadToken
	}
	return id, nil
}

// URL is the public page of a token: <publicURL>/q/<token>.
func URL(publicURL, token string) string {
	return strings.TrimRight(publicURL, "/") + "/q/" + token
}
