package platform

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"sync"
	"time"
)

// secretCache reads Secrets Manager values through the AWS Parameters and Secrets Lambda
// Extension (a layer every function has in the cloud: GET localhost:2773/secretsmanager/get
// with the function's session token), once per process.
type secretCache struct {
	base  string // http://localhost:2773
	token string // AWS_SESSION_TOKEN

	mu     sync.Mutex
	values map[string]string
}

func (c *secretCache) get(ctx context.Context, id string) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if v, ok := c.values[id]; ok {
		return v, nil
	}
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, c.base+"/secretsmanager/get?secretId="+url.QueryEscape(id), nil)
	if err != nil {
		return "", fmt.Errorf("secrets: %w", err)
	}
	req.Header.Set("X-Aws-Parameters-Secrets-Token", c.token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return "", fmt.Errorf("secrets: get %s: %w", id, err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(io.LimitReader(res.Body, 64<<10))
	if err != nil {
		return "", fmt.Errorf("secrets: get %s: %w", id, err)
	}
	if res.StatusCode != http.StatusOK {
		return "", fmt.Errorf("secrets: get %s: status %d", id, res.StatusCode)
	}
	var out struct {
		SecretString string `json:"SecretString"`
	}
	if err := json.Unmarshal(body, &out); err != nil || out.SecretString == "" {
		return "", fmt.Errorf("secrets: get %s: no SecretString in the answer", id)
	}
	if c.values == nil {
		c.values = map[string]string{}
	}
	c.values[id] = out.SecretString
	return out.SecretString, nil
}
