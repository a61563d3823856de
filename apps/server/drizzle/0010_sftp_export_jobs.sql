ALTER TABLE "exportaciones" ADD COLUMN "enviados" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exportaciones" ADD COLUMN "total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exportaciones" ADD COLUMN "trabajo" uuid;--> statement-breakpoint
ALTER TABLE "trabajos" ADD COLUMN "max_intentos" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "trabajos" ADD COLUMN "bloqueado_por" text;--> statement-breakpoint
ALTER TABLE "trabajos" ADD COLUMN "bloqueado_hasta" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "trabajos" ADD COLUMN "terminado" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "exportaciones" ADD CONSTRAINT "exportaciones_trabajo_trabajos_id_fk" FOREIGN KEY ("trabajo") REFERENCES "public"."trabajos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "exportaciones_caso_en_proceso_key" ON "exportaciones" USING btree ("uidcaso") WHERE "exportaciones"."estado" = 'En proceso';--> statement-breakpoint
ALTER TABLE "exportaciones" ADD CONSTRAINT "exportaciones_estado_check" CHECK ("exportaciones"."estado" in ('En proceso', 'Finalizado', 'Error', 'Cancelado'));--> statement-breakpoint
ALTER TABLE "trabajos" ADD CONSTRAINT "trabajos_estado_check" CHECK ("trabajos"."estado" in ('pendiente', 'en_curso', 'hecho', 'fallido', 'cancelado'));