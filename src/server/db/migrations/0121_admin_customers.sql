-- The admin's customer search and the complimentary period (decision 081).

-- Search is by prefix, each kind through its own index (text_pattern_ops, so LIKE 'abc%' uses it whatever the
-- database's collation): the address (stored normalised, lower case), the full name and the last name (lower
-- case), and the address's domain ('@acme.com'). The newest customers first.
CREATE INDEX users_email_prefix_idx ON users (email text_pattern_ops);
CREATE INDEX users_full_name_prefix_idx ON users (lower(first_name || ' ' || last_name) text_pattern_ops);
CREATE INDEX users_last_name_prefix_idx ON users (lower(last_name) text_pattern_ops);
CREATE INDEX users_email_domain_prefix_idx ON users (split_part(email, '@', 2) text_pattern_ops);
CREATE INDEX users_created_idx ON users (created_at DESC, id DESC);

-- A complimentary period an admin grants: a subscription row of its own kind, no payment and no Razorpay id, that
-- gives access until current_end by the same rules as a paid one.
ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_kind_check;
ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_kind_check CHECK (kind IN ('subscription', 'order', 'complimentary'));

-- A customer's contact messages, by the address they wrote from (stored normalised, like users.email).
CREATE INDEX contact_messages_email_idx ON contact_messages (email, created_at DESC);
