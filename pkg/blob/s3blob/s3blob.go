// Package s3blob is the blob.Store of AWS: one S3 bucket, presigned GET links. It is the
// only package that links the S3 client; a function imports it (through Wire in its main)
// only when its catalogue entry uses files or uploads (ARCHITECTURE.md §10).
package s3blob

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/aws/smithy-go"

	"samrap/pkg/awsenv"
	"samrap/pkg/blob"
	"samrap/pkg/platform"
)

// Wire keeps a function's uploads and generated files in their S3 buckets (UPLOADS_BUCKET,
// FILES_BUCKET). Pass it to platform.ServeHTTPLambda or ServeSQSLambda.
func Wire(env *platform.Env) error {
	c, err := awsenv.Config(env.Config)
	if err != nil {
		return fmt.Errorf("s3blob.wire: %w", err)
	}
	client := NewClient(c, env.Config.AWSEndpointURL != "")
	env.Uploads = New(client, env.Config.UploadsBucket)
	env.Files = New(client, env.Config.FilesBucket)
	return nil
}

// NewClient builds an S3 client. endpointSet says that cfg points at an emulator, which
// needs path-style addressing (http://host:port/bucket/key): bucket-named host names
// do not resolve there.
func NewClient(cfg aws.Config, endpointSet bool) *s3.Client {
	return s3.NewFromConfig(cfg, func(o *s3.Options) {
		o.UsePathStyle = endpointSet
	})
}

// Store keeps objects in one bucket. Build the client with NewClient.
type Store struct {
	client  *s3.Client
	presign *s3.PresignClient
	bucket  string
}

var _ blob.Store = (*Store)(nil)

// New returns a store for bucket.
func New(client *s3.Client, bucket string) *Store {
	return &Store{client: client, presign: s3.NewPresignClient(client), bucket: bucket}
}

// Put stores body under key. A body that cannot seek (a request body, a pipe) is read into
// memory first: S3 needs the length before the bytes. Files here are imports and reports
// of a few MB.
func (s *Store) Put(ctx context.Context, key string, body io.Reader, contentType string) error {
	if err := blob.CheckKey(key); err != nil {
		return fmt.Errorf("blob.put: %w", err)
	}
	if _, ok := body.(io.ReadSeeker); !ok {
		b, err := io.ReadAll(body)
		if err != nil {
			return fmt.Errorf("blob.put: read body: %w", err)
		}
		body = bytes.NewReader(b)
	}
	in := &s3.PutObjectInput{Bucket: aws.String(s.bucket), Key: aws.String(key), Body: body}
	if contentType != "" {
		in.ContentType = aws.String(contentType)
	}
	if _, err := s.client.PutObject(ctx, in); err != nil {
		return fmt.Errorf("blob.put: %w", unreachable(ctx, err))
	}
	return nil
}

// Get opens the object stored under key.
func (s *Store) Get(ctx context.Context, key string) (io.ReadCloser, error) {
	if err := blob.CheckKey(key); err != nil {
		return nil, fmt.Errorf("blob.get: %w", err)
	}
	out, err := s.client.GetObject(ctx, &s3.GetObjectInput{Bucket: aws.String(s.bucket), Key: aws.String(key)})
	if err != nil {
		if isNotFound(err) {
			return nil, fmt.Errorf("blob.get: %q: %w", key, blob.ErrNotFound)
		}
		return nil, fmt.Errorf("blob.get: %w", unreachable(ctx, err))
	}
	return out.Body, nil
}

// unreachable marks err blob.ErrUnavailable when S3 was not reached (awsenv.Unreachable).
func unreachable(ctx context.Context, err error) error {
	if awsenv.Unreachable(ctx, err) {
		return fmt.Errorf("%w: %w", blob.ErrUnavailable, err)
	}
	return err
}

// isNotFound reports a missing object, not a missing bucket: that one is a
// misconfiguration and must not pass for "no such file".
func isNotFound(err error) bool {
	var nsk *types.NoSuchKey
	if errors.As(err, &nsk) {
		return true
	}
	var ae smithy.APIError
	return errors.As(err, &ae) && (ae.ErrorCode() == "NoSuchKey" || ae.ErrorCode() == "NotFound")
}

// Delete removes the object; a missing object is no error.
func (s *Store) Delete(ctx context.Context, key string) error {
	if err := blob.CheckKey(key); err != nil {
		return fmt.Errorf("blob.delete: %w", err)
	}
	if _, err := s.client.DeleteObject(ctx, &s3.DeleteObjectInput{Bucket: aws.String(s.bucket), Key: aws.String(key)}); err != nil {
		return fmt.Errorf("blob.delete: %w", unreachable(ctx, err))
	}
	return nil
}

// SignedURL returns a presigned GET that names the download through
// response-content-disposition.
func (s *Store) SignedURL(ctx context.Context, key, name string, ttl time.Duration) (string, error) {
	if err := blob.CheckKey(key); err != nil {
		return "", fmt.Errorf("blob.signedURL: %w", err)
	}
	if err := blob.CheckTTL(ttl); err != nil {
		return "", fmt.Errorf("blob.signedURL: %w", err)
	}
	req, err := s.presign.PresignGetObject(ctx, &s3.GetObjectInput{
		Bucket:                     aws.String(s.bucket),
		Key:                        aws.String(key),
		ResponseContentDisposition: aws.String(blob.ContentDisposition(blob.DownloadName(key, name))),
	}, s3.WithPresignExpires(ttl))
	if err != nil {
		return "", fmt.Errorf("blob.signedURL: %w", err)
	}
	return req.URL, nil
}
