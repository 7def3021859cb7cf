CREATE TABLE "ended_paid_subscriptions" (
	"subscription_id" uuid PRIMARY KEY NOT NULL,
	"ended_at" timestamp with time zone NOT NULL,
	"first_charged_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "running_paid_customers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"first_charged_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "subscription_counts" (
	"plan_id" uuid NOT NULL,
	"offer_id" uuid,
	"status" text NOT NULL,
	"slot" smallint NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "subscription_counts_key" UNIQUE NULLS NOT DISTINCT("plan_id","offer_id","status","slot")
);
--> statement-breakpoint
CREATE TABLE "user_counts" (
	"role" text NOT NULL,
	"status" text NOT NULL,
	"slot" smallint NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "user_counts_role_status_slot_pk" PRIMARY KEY("role","status","slot")
);
--> statement-breakpoint
ALTER TABLE "ended_paid_subscriptions" ADD CONSTRAINT "ended_paid_subscriptions_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ended_paid_subscriptions_ended_at_first_charged_at_subscription_id_index" ON "ended_paid_subscriptions" USING btree ("ended_at","first_charged_at","subscription_id");--> statement-breakpoint
CREATE INDEX "running_paid_customers_first_charged_at_index" ON "running_paid_customers" USING btree ("first_charged_at");
--> statement-breakpoint
-- Customers by role and status (the dashboard's "customers"). Each change adds to one of 16 slots
-- picked at random, so concurrent sign-ups do not wait on one row; a figure sums the slots.
CREATE FUNCTION user_counts_add(r text, s text, n bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO user_counts (role, status, slot, count) VALUES (r, s, floor(random() * 16)::smallint, n)
  ON CONFLICT (role, status, slot) DO UPDATE SET count = user_counts.count + excluded.count;
$$;
--> statement-breakpoint
CREATE FUNCTION user_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM user_counts_add(role, status, count(*)) FROM added GROUP BY role, status;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION user_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM user_counts_add(role, status, -count(*)) FROM removed GROUP BY role, status;
  DELETE FROM running_paid_customers c USING removed WHERE c.user_id = removed.id;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION user_counts_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM user_counts_add(OLD.role, OLD.status, -1);
  PERFORM user_counts_add(NEW.role, NEW.status, 1);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_counts_insert AFTER INSERT ON users REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION user_counts_insert();
--> statement-breakpoint
CREATE TRIGGER users_counts_delete AFTER DELETE ON users REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION user_counts_delete();
--> statement-breakpoint
CREATE TRIGGER users_counts_update AFTER UPDATE OF role, status ON users FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION user_counts_change();
--> statement-breakpoint
-- Subscriptions by plan, offer and status (running by plan, MRR), the same way.
CREATE FUNCTION subscription_counts_add(p uuid, o uuid, s text, n bigint) RETURNS void LANGUAGE sql AS $$
  INSERT INTO subscription_counts (plan_id, offer_id, status, slot, count) VALUES (p, o, s, floor(random() * 16)::smallint, n)
  ON CONFLICT (plan_id, offer_id, status, slot) DO UPDATE SET count = subscription_counts.count + excluded.count;
$$;
--> statement-breakpoint
-- A customer's row in running_paid_customers, recomputed from their subscriptions and first
-- charges: present while a paid subscription runs, with the earliest first charge among them (null:
-- none charged yet). The customer's account row is locked first (FOR NO KEY UPDATE, until COMMIT:
-- foreign-key checks are not held up), so a second change of the same customer waits and then reads
-- the first one's result: concurrent changes cannot leave a stale row. (A row lock, not an advisory
-- lock: a bulk insert touching 30,000 customers takes no slot of the shared lock table per customer.)
CREATE FUNCTION running_paid_customers_refresh(u uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  running boolean;
  first timestamptz;
BEGIN
  IF u IS NULL THEN RETURN; END IF;
  PERFORM 1 FROM users WHERE id = u FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    DELETE FROM running_paid_customers WHERE user_id = u;
    RETURN;
  END IF;
  SELECT count(*) > 0, min(f.first_charged_at) INTO running, first
  FROM subscriptions s JOIN plans p ON p.id = s.plan_id LEFT JOIN subscription_first_charges f ON f.subscription_id = s.id
  WHERE s.user_id = u AND s.offer_id IS NOT NULL AND s.status IN ('trialing', 'active', 'past_due') AND NOT p.is_free;
  IF NOT running THEN
    DELETE FROM running_paid_customers WHERE user_id = u;
  ELSE
    INSERT INTO running_paid_customers (user_id, first_charged_at) VALUES (u, first)
    ON CONFLICT (user_id) DO UPDATE SET first_charged_at = excluded.first_charged_at
      WHERE running_paid_customers.first_charged_at IS DISTINCT FROM excluded.first_charged_at;
  END IF;
END $$;
--> statement-breakpoint
-- A subscription's row in ended_paid_subscriptions: present while it is paid, ended and was charged,
-- with when it ended (its last cancelled/expired event, else its last update) and was first charged.
CREATE FUNCTION ended_paid_subscriptions_refresh(sid uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE r record;
BEGIN
  IF sid IS NULL THEN RETURN; END IF;
  SELECT f.first_charged_at,
         coalesce((SELECT max(e.at) FROM subscription_events e WHERE e.subscription_id = s.id AND e.kind IN ('cancelled', 'expired')),
                  s.updated_at) AS ended_at
  INTO r
  FROM subscriptions s JOIN plans p ON p.id = s.plan_id JOIN subscription_first_charges f ON f.subscription_id = s.id
  WHERE s.id = sid AND s.offer_id IS NOT NULL AND s.status IN ('cancelled', 'expired') AND NOT p.is_free;
  IF NOT FOUND THEN
    DELETE FROM ended_paid_subscriptions WHERE subscription_id = sid;
    RETURN;
  END IF;
  INSERT INTO ended_paid_subscriptions (subscription_id, ended_at, first_charged_at)
  VALUES (sid, r.ended_at, r.first_charged_at)
  ON CONFLICT (subscription_id) DO UPDATE
    SET ended_at = excluded.ended_at, first_charged_at = excluded.first_charged_at
    WHERE (ended_paid_subscriptions.ended_at, ended_paid_subscriptions.first_charged_at)
      IS DISTINCT FROM (excluded.ended_at, excluded.first_charged_at);
END $$;
--> statement-breakpoint
CREATE FUNCTION subscription_counts_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM subscription_counts_add(plan_id, offer_id, status, count(*)) FROM added GROUP BY plan_id, offer_id, status;
  -- Only paid ones can change their customer's row, or be an ended paid one.
  PERFORM running_paid_customers_refresh(user_id) FROM (
    SELECT DISTINCT user_id FROM added WHERE offer_id IS NOT NULL AND status IN ('trialing', 'active', 'past_due')) changed;
  PERFORM ended_paid_subscriptions_refresh(id) FROM added WHERE offer_id IS NOT NULL AND status IN ('cancelled', 'expired');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION subscription_counts_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM subscription_counts_add(plan_id, offer_id, status, -count(*)) FROM removed GROUP BY plan_id, offer_id, status;
  PERFORM running_paid_customers_refresh(user_id) FROM (SELECT DISTINCT user_id FROM removed WHERE offer_id IS NOT NULL) changed;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION subscription_counts_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD.plan_id, OLD.offer_id, OLD.status) IS DISTINCT FROM (NEW.plan_id, NEW.offer_id, NEW.status) THEN
    PERFORM subscription_counts_add(OLD.plan_id, OLD.offer_id, OLD.status, -1);
    PERFORM subscription_counts_add(NEW.plan_id, NEW.offer_id, NEW.status, 1);
  END IF;
  PERFORM running_paid_customers_refresh(OLD.user_id);
  IF NEW.user_id IS DISTINCT FROM OLD.user_id THEN PERFORM running_paid_customers_refresh(NEW.user_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER subscriptions_counts_insert AFTER INSERT ON subscriptions REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION subscription_counts_insert();
--> statement-breakpoint
CREATE TRIGGER subscriptions_counts_delete AFTER DELETE ON subscriptions REFERENCING OLD TABLE AS removed FOR EACH STATEMENT EXECUTE FUNCTION subscription_counts_delete();
--> statement-breakpoint
-- A renewal (same plan, offer and status) fires nothing.
CREATE TRIGGER subscriptions_counts_update AFTER UPDATE OF plan_id, offer_id, status, user_id ON subscriptions FOR EACH ROW
  WHEN ((OLD.plan_id, OLD.offer_id, OLD.status, OLD.user_id) IS DISTINCT FROM (NEW.plan_id, NEW.offer_id, NEW.status, NEW.user_id))
  EXECUTE FUNCTION subscription_counts_change();
--> statement-breakpoint
-- An ended (or ending) subscription changed: its ended row follows (its end may be its last update).
CREATE FUNCTION ended_paid_subscriptions_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM ended_paid_subscriptions_refresh(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER subscriptions_ended_update AFTER UPDATE ON subscriptions FOR EACH ROW
  WHEN ((OLD.status IN ('cancelled', 'expired') OR NEW.status IN ('cancelled', 'expired'))
        AND (OLD.plan_id, OLD.offer_id, OLD.status, OLD.updated_at)
            IS DISTINCT FROM (NEW.plan_id, NEW.offer_id, NEW.status, NEW.updated_at))
  EXECUTE FUNCTION ended_paid_subscriptions_change();
--> statement-breakpoint
-- An end event written, moved or removed: its subscription's ended row follows.
CREATE FUNCTION ended_paid_subscriptions_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM ended_paid_subscriptions_refresh(OLD.subscription_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.subscription_id IS DISTINCT FROM OLD.subscription_id) THEN
    PERFORM ended_paid_subscriptions_refresh(NEW.subscription_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER subscription_events_ended_insert AFTER INSERT ON subscription_events FOR EACH ROW
  WHEN (NEW.kind IN ('cancelled', 'expired')) EXECUTE FUNCTION ended_paid_subscriptions_event();
--> statement-breakpoint
CREATE TRIGGER subscription_events_ended_delete AFTER DELETE ON subscription_events FOR EACH ROW
  WHEN (OLD.kind IN ('cancelled', 'expired')) EXECUTE FUNCTION ended_paid_subscriptions_event();
--> statement-breakpoint
CREATE TRIGGER subscription_events_ended_update AFTER UPDATE ON subscription_events FOR EACH ROW
  WHEN ((OLD.kind IN ('cancelled', 'expired') OR NEW.kind IN ('cancelled', 'expired'))
        AND (OLD.kind, OLD.at, OLD.subscription_id) IS DISTINCT FROM (NEW.kind, NEW.at, NEW.subscription_id))
  EXECUTE FUNCTION ended_paid_subscriptions_event();
--> statement-breakpoint
-- A subscription's first charge appears, moves or goes: its customer's row follows. (A renewal's
-- charge rewrites the same first charge: nothing fires.)
CREATE FUNCTION running_paid_customers_first_charge() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE sid uuid := CASE WHEN TG_OP = 'DELETE' THEN OLD.subscription_id ELSE NEW.subscription_id END;
BEGIN
  PERFORM running_paid_customers_refresh(s.user_id) FROM subscriptions s WHERE s.id = sid;
  PERFORM ended_paid_subscriptions_refresh(sid);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER subscription_first_charges_customers AFTER INSERT OR DELETE ON subscription_first_charges FOR EACH ROW
  EXECUTE FUNCTION running_paid_customers_first_charge();
--> statement-breakpoint
CREATE TRIGGER subscription_first_charges_customers_update AFTER UPDATE ON subscription_first_charges FOR EACH ROW
  WHEN (OLD.first_charged_at IS DISTINCT FROM NEW.first_charged_at) EXECUTE FUNCTION running_paid_customers_first_charge();
--> statement-breakpoint
-- A plan made free or paid by an admin changes who is paying: its customers' rows and its ended
-- subscriptions' rows are computed again (a rare admin change: one statement over that plan's subscriptions).
CREATE FUNCTION plans_is_free_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM running_paid_customers_refresh(user_id) FROM (SELECT DISTINCT user_id FROM subscriptions WHERE plan_id = NEW.id) changed;
  PERFORM ended_paid_subscriptions_refresh(id) FROM subscriptions WHERE plan_id = NEW.id AND status IN ('cancelled', 'expired');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER plans_is_free_update AFTER UPDATE OF is_free ON plans FOR EACH ROW
  WHEN (OLD.is_free IS DISTINCT FROM NEW.is_free) EXECUTE FUNCTION plans_is_free_change();
--> statement-breakpoint
-- Backfill from the rows so far.
INSERT INTO user_counts (role, status, slot, count) SELECT role, status, 0, count(*) FROM users GROUP BY role, status;
--> statement-breakpoint
INSERT INTO subscription_counts (plan_id, offer_id, status, slot, count) SELECT plan_id, offer_id, status, 0, count(*) FROM subscriptions GROUP BY plan_id, offer_id, status;
--> statement-breakpoint
INSERT INTO running_paid_customers (user_id, first_charged_at)
SELECT s.user_id, min(f.first_charged_at)
FROM subscriptions s JOIN plans p ON p.id = s.plan_id LEFT JOIN subscription_first_charges f ON f.subscription_id = s.id
WHERE s.offer_id IS NOT NULL AND s.status IN ('trialing', 'active', 'past_due') AND NOT p.is_free
GROUP BY s.user_id;
--> statement-breakpoint
INSERT INTO ended_paid_subscriptions (subscription_id, ended_at, first_charged_at)
SELECT s.id,
       coalesce((SELECT max(e.at) FROM subscription_events e WHERE e.subscription_id = s.id AND e.kind IN ('cancelled', 'expired')), s.updated_at),
       f.first_charged_at
FROM subscriptions s JOIN plans p ON p.id = s.plan_id JOIN subscription_first_charges f ON f.subscription_id = s.id
WHERE s.offer_id IS NOT NULL AND s.status IN ('cancelled', 'expired') AND NOT p.is_free;
