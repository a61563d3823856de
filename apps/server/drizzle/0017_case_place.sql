ALTER TABLE "casos" ADD COLUMN "lugar_origen" text;--> statement-breakpoint
ALTER TABLE "casos" ADD COLUMN "lugar_por" uuid;--> statement-breakpoint
ALTER TABLE "casos" ADD COLUMN "direccion_no_ubicada" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "casos" ADD CONSTRAINT "casos_lugar_por_usuarios_id_fk" FOREIGN KEY ("lugar_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "casos" ADD CONSTRAINT "casos_lugar_origen_check" CHECK ("casos"."lugar_origen" in ('direccion', 'cliente', 'personal'));--> statement-breakpoint
-- Cases placed before their place had a source: a driver's entry placed them, else their address (or Cronos).
UPDATE "casos" SET "lugar_origen" = CASE WHEN "fecha_ingreso" IS NOT NULL THEN 'cliente' ELSE 'direccion' END WHERE "lat" IS NOT NULL AND "lng" IS NOT NULL;
