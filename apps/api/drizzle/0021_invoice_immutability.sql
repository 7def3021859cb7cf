-- Issued invoices and credit notes are immutable: the database itself refuses to change or delete
-- them. The only column that may change is invoices.status (issued → partially_credited →
-- credited, moved when a credit note is issued); lines and tax totals never change.
CREATE OR REPLACE FUNCTION invoices_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'invoice % is issued and cannot be deleted', OLD.number USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF (to_jsonb(NEW) - 'status') IS DISTINCT FROM (to_jsonb(OLD) - 'status') THEN
    RAISE EXCEPTION 'invoice % is issued: only its status may change', OLD.number USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF NEW.status IS DISTINCT FROM OLD.status AND NOT (
    (OLD.status = 'issued' AND NEW.status IN ('partially_credited', 'credited')) OR
    (OLD.status = 'partially_credited' AND NEW.status IN ('partially_credited', 'credited'))
  ) THEN
    RAISE EXCEPTION 'invoice %: status cannot go from % to %', OLD.number, OLD.status, NEW.status USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_parts_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% of an issued invoice cannot be changed or deleted', TG_TABLE_NAME USING ERRCODE = 'integrity_constraint_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER invoices_immutable BEFORE UPDATE OR DELETE ON invoices FOR EACH ROW EXECUTE FUNCTION invoices_refuse_change();
--> statement-breakpoint
CREATE TRIGGER invoice_lines_immutable BEFORE UPDATE OR DELETE ON invoice_lines FOR EACH ROW EXECUTE FUNCTION invoice_parts_refuse_change();
--> statement-breakpoint
CREATE TRIGGER invoice_tax_totals_immutable BEFORE UPDATE OR DELETE ON invoice_tax_totals FOR EACH ROW EXECUTE FUNCTION invoice_parts_refuse_change();
--> statement-breakpoint
CREATE TRIGGER invoices_no_truncate BEFORE TRUNCATE ON invoices FOR EACH STATEMENT EXECUTE FUNCTION invoice_parts_refuse_change();
--> statement-breakpoint
CREATE TRIGGER invoice_lines_no_truncate BEFORE TRUNCATE ON invoice_lines FOR EACH STATEMENT EXECUTE FUNCTION invoice_parts_refuse_change();
