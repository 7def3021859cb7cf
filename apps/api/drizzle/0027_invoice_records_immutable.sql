-- The invoice record chain is append-only: the database refuses to change, delete or truncate a
-- record (the chain's heads move; the records never do). The refusing function is the one of
-- migration 0021 (invoice_immutability) for the parts of an issued invoice.
CREATE TRIGGER invoice_records_immutable BEFORE UPDATE OR DELETE ON invoice_records FOR EACH ROW EXECUTE FUNCTION invoice_parts_refuse_change();
--> statement-breakpoint
CREATE TRIGGER invoice_records_no_truncate BEFORE TRUNCATE ON invoice_records FOR EACH STATEMENT EXECUTE FUNCTION invoice_parts_refuse_change();
