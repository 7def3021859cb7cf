-- Each invoice keeps its TipoFactura (VERI*FACTU): F1/F2 for invoices, R1–R5 for credit notes. The
-- documents issued before were all recorded F1 (invoices) and R1 (credit notes) in their chain
-- records, so that is what they get. Issued invoices are immutable (0021): the trigger is paused for
-- this one backfill of a new column, in the migration's transaction, and back before it commits.
ALTER TABLE "invoices" ADD COLUMN "invoice_type" text;--> statement-breakpoint
ALTER TABLE "invoices" DISABLE TRIGGER "invoices_immutable";--> statement-breakpoint
UPDATE "invoices" SET "invoice_type" = CASE WHEN "kind" = 'invoice' THEN 'F1' ELSE 'R1' END;--> statement-breakpoint
ALTER TABLE "invoices" ENABLE TRIGGER "invoices_immutable";--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "invoice_type" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_type_of_kind" CHECK (("invoices"."kind" = 'invoice' AND "invoices"."invoice_type" IN ('F1', 'F2')) OR ("invoices"."kind" = 'credit_note' AND "invoices"."invoice_type" IN ('R1', 'R2', 'R3', 'R4', 'R5')));
