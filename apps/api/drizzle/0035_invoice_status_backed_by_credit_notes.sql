-- An invoice's status says what its credit notes did, and the database holds it to that: `credited`
-- only when its credit notes take back its whole total, `partially_credited` only with at least one
-- credit note that leaves something; a credit note stays `issued`, and every document is inserted
-- `issued`. Checked when the status is set (the credit note is inserted first, in the same
-- transaction), after the immutability trigger (which refuses any other change, and going back).
CREATE FUNCTION invoices_status_backed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  notes bigint;
  taken bigint;
BEGIN
  IF TG_OP = 'INSERT' OR NEW.kind = 'credit_note' THEN
    IF NEW.status <> 'issued' THEN
      RAISE EXCEPTION '%: a document is issued as issued, and a credit note stays issued (not %)', NEW.number, NEW.status
        USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
  END IF;
  IF NEW.status = 'issued' THEN
    RETURN NEW;
  END IF;
  SELECT count(*), coalesce(-sum(total_cents), 0) INTO notes, taken FROM invoices WHERE corrected_invoice_id = NEW.id;
  IF NEW.status = 'credited' AND (notes = 0 OR taken <> NEW.total_cents) THEN
    RAISE EXCEPTION 'invoice % cannot be credited: its % credit note(s) take back % of % cents', NEW.number, notes, taken, NEW.total_cents
      USING ERRCODE = 'check_violation';
  END IF;
  IF NEW.status = 'partially_credited' AND (notes = 0 OR taken >= NEW.total_cents) THEN
    RAISE EXCEPTION 'invoice % cannot be partially credited: its % credit note(s) take back % of % cents', NEW.number, notes, taken, NEW.total_cents
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER invoices_status_backed BEFORE INSERT OR UPDATE OF status ON invoices FOR EACH ROW EXECUTE FUNCTION invoices_status_backed();
