-- The email choices in Options are per notification type now: the old grouped kinds become the types they covered.
UPDATE users SET notification_emails = (
  SELECT coalesce(jsonb_agg(DISTINCT kind), '[]'::jsonb)
  FROM jsonb_array_elements_text(users.notification_emails) AS old(k)
  CROSS JOIN LATERAL unnest(CASE old.k
    WHEN 'quota_warning' THEN ARRAY['storage_quota', 'sends_quota']
    WHEN 'payment' THEN ARRAY['payment_failed', 'payment_succeeded']
    WHEN 'invoice' THEN ARRAY['invoice_issued']
    ELSE ARRAY[old.k]
  END) AS kind
)
WHERE notification_emails ?| ARRAY['quota_warning', 'payment', 'invoice'];
