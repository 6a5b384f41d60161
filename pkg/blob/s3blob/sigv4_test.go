package s3blob_test

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"testing"
)

// An independent SigV4 check for S3 (https://docs.aws.amazon.com/AmazonS3/latest/API/sig-v4-authenticating-requests.html),
// written from the specification and not with the SDK's signer, so that a request the
// store signs wrongly (its path escaped differently from what it sends, a header left out)
// fails here even where moto_server, which does not check signatures, takes it.

const (
	exampleKey    = "AKIAIOSFODNN7EXAMPLE"
	exampleSecret = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
)

// uriEncode encodes s as SigV4 wants: every byte but A-Z a-z 0-9 - _ . ~ as %XX (and the
// slashes too unless keepSlash).
func uriEncode(s string, keepSlash bool) string {
	var b strings.Builder
	for _, c := range []byte(s) {
		if 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || strings.IndexByte("-_.~", c) >= 0 || keepSlash && c == '/' {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

func hmacSHA256(key []byte, s string) []byte {
	h := hmac.New(sha256.New, key)
	h.Write([]byte(s))
	return h.Sum(nil)
}

func sha256Hex(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// signature computes the signature of a request as S3 does: escapedPath as it came on the
// wire (S3 decodes it and encodes it again, once), query the decoded parameters without
// X-Amz-Signature, headers the signed ones (lowercase names), date YYYYMMDDTHHMMSSZ.
func signature(secret, region, method, escapedPath string, query url.Values, host string, headers http.Header, signed []string, payloadHash, date string) string {
	path, err := url.PathUnescape(escapedPath)
	if err != nil {
		return "bad path: " + err.Error()
	}
	var params []string
	for k, vs := range query {
		if k == "X-Amz-Signature" {
			continue
		}
		for _, v := range vs {
			params = append(params, uriEncode(k, false)+"="+uriEncode(v, false))
		}
	}
	sort.Strings(params)
	var canon strings.Builder
	canon.WriteString(method + "\n" + uriEncode(path, true) + "\n" + strings.Join(params, "&") + "\n")
	for _, h := range signed {
		v := headers.Get(h)
		if h == "host" {
			v = host
		}
		canon.WriteString(h + ":" + strings.Join(strings.Fields(v), " ") + "\n")
	}
	canon.WriteString("\n" + strings.Join(signed, ";") + "\n" + payloadHash)
	scope := date[:8] + "/" + region + "/s3/aws4_request"
	toSign := "AWS4-HMAC-SHA256\n" + date + "\n" + scope + "\n" + sha256Hex(canon.String())
	k := hmacSHA256([]byte("AWS4"+secret), date[:8])
	for _, part := range []string{region, "s3", "aws4_request"} {
		k = hmacSHA256(k, part)
	}
	return hex.EncodeToString(hmacSHA256(k, toSign))
}

// checkHeaderAuth checks the Authorization header of a request a server received; it
// answers what is wrong, or "".
func checkHeaderAuth(r *http.Request, secret, region string) string {
	auth := r.Header.Get("Authorization")
	rest, ok := strings.CutPrefix(auth, "AWS4-HMAC-SHA256 ")
	if !ok {
		return "no SigV4 Authorization: " + auth
	}
	fields := map[string]string{}
	for f := range strings.SplitSeq(rest, ", ") {
		k, v, _ := strings.Cut(f, "=")
		fields[k] = v
	}
	signed := strings.Split(fields["SignedHeaders"], ";")
	hash := r.Header.Get("X-Amz-Content-Sha256")
	if hash == "" {
		return "no x-amz-content-sha256"
	}
	date := r.Header.Get("X-Amz-Date")
	if len(date) < 8 || !strings.HasSuffix(fields["Credential"], "/"+date[:8]+"/"+region+"/s3/aws4_request") {
		return "credential scope " + fields["Credential"]
	}
	want := signature(secret, region, r.Method, r.URL.EscapedPath(), r.URL.Query(), r.Host, r.Header, signed, hash, date)
	if fields["Signature"] != want {
		return fmt.Sprintf("signature %s, want %s", fields["Signature"], want)
	}
	return ""
}

// checkPresigned checks a presigned URL; it answers what is wrong, or "".
func checkPresigned(link, secret, region string) string {
	u, err := url.Parse(link)
	if err != nil {
		return err.Error()
	}
	q := u.Query()
	if q.Get("X-Amz-Algorithm") != "AWS4-HMAC-SHA256" {
		return "algorithm " + q.Get("X-Amz-Algorithm")
	}
	date := q.Get("X-Amz-Date")
	want := signature(secret, region, http.MethodGet, u.EscapedPath(), q, u.Host, http.Header{}, strings.Split(q.Get("X-Amz-SignedHeaders"), ";"), "UNSIGNED-PAYLOAD", date)
	if q.Get("X-Amz-Signature") != want {
		return fmt.Sprintf("signature %s, want %s", q.Get("X-Amz-Signature"), want)
	}
	return ""
}

// The checker itself, on the examples of S3's documentation.
func TestSignatureChecker(t *testing.T) {
	t.Parallel()
	get, _ := http.NewRequest(http.MethodGet, "https://examplebucket.s3.amazonaws.com/test.txt", nil)
	get.Header.Set("Range", "bytes=0-9")
	get.Header.Set("X-Amz-Content-Sha256", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
	get.Header.Set("X-Amz-Date", "20130524T000000Z")
	get.Header.Set("Authorization", "AWS4-HMAC-SHA256 Credential="+exampleKey+"/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41")
	get.Host = get.URL.Host
	if msg := checkHeaderAuth(get, exampleSecret, "us-east-1"); msg != "" {
		t.Errorf("GET example: %s", msg)
	}

	put, _ := http.NewRequest(http.MethodPut, "https://examplebucket.s3.amazonaws.com/test$file.text", strings.NewReader("Welcome to Amazon S3."))
	put.Header.Set("Date", "Fri, 24 May 2013 00:00:00 GMT")
	put.Header.Set("X-Amz-Date", "20130524T000000Z")
	put.Header.Set("X-Amz-Storage-Class", "REDUCED_REDUNDANCY")
	put.Header.Set("X-Amz-Content-Sha256", "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072")
	put.Header.Set("Authorization", "AWS4-HMAC-SHA256 Credential="+exampleKey+"/20130524/us-east-1/s3/aws4_request, SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd")
	put.Host = put.URL.Host
	if msg := checkHeaderAuth(put, exampleSecret, "us-east-1"); msg != "" {
		t.Errorf("PUT example: %s", msg)
	}

	link := "https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404"
	if msg := checkPresigned(link, exampleSecret, "us-east-1"); msg != "" {
		t.Errorf("presigned example: %s", msg)
	}
	// and it can fail
	if checkPresigned(strings.Replace(link, "test.txt", "test2.txt", 1), exampleSecret, "us-east-1") == "" {
		t.Error("a changed key passed")
	}
}
