ALTER TABLE "casos" ADD COLUMN "solicitud_abogado" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "casos" ADD COLUMN "solicitud_abogado_cait" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "usuarios" ADD COLUMN "foto" uuid;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_foto_archivos_id_fk" FOREIGN KEY ("foto") REFERENCES "public"."archivos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A lawyer's request was known only by its history entry ('Se solicita Abogado por …'); the
-- cases already asked keep being 'solicitado' and are not offered the request again.
UPDATE "casos" SET "solicitud_abogado" = true WHERE EXISTS (
  SELECT 1 FROM "trazabilidad" t WHERE t."uidcaso" = "casos"."id" AND t."descripcion" LIKE 'Se solicita Abogado por %'
);--> statement-breakpoint
UPDATE "casos" SET "solicitud_abogado_cait" = true WHERE EXISTS (
  SELECT 1 FROM "trazabilidad" t WHERE t."uidcaso" = "casos"."id" AND t."descripcion" LIKE 'Se solicita Abogado CAIT por %'
);
