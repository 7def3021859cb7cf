-- The owner's order of the public page's sections under the card: the wall's posts first (the
-- default, for new and existing profiles) or the contact form first.
ALTER TABLE "profiles" ADD COLUMN "section_order" text DEFAULT 'wall-first' NOT NULL;