-- +goose Up
-- Sign-in delays per account and address (issue 31 §4). An account's failed sign-ins
-- delayed every attempt at it, so anyone who knew an e-mail could keep its owner out from
-- anywhere. Now the delay's key is the account and the address together
-- ('account:<e-mail>|<address>'), and `account` names the account (lower-case e-mail) so
-- that its delays are found exactly: a prefix of the key would also match a typed e-mail that
-- carries a '|'. The old per-account keys are dropped: they have no address to move to, and
-- the longest delay they held was 15 minutes.
ALTER TABLE auth_throttle ADD COLUMN account text;
CREATE INDEX auth_throttle_account ON auth_throttle (account) WHERE account IS NOT NULL;
DELETE FROM auth_throttle WHERE key LIKE 'account:%';

-- +goose Down
DELETE FROM auth_throttle WHERE account IS NOT NULL;
DROP INDEX auth_throttle_account;
ALTER TABLE auth_throttle DROP COLUMN account;
