CREATE TABLE "anonimizacion_ejecuciones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"programada" timestamp with time zone NOT NULL,
	"corte" timestamp with time zone NOT NULL,
	"estado" text DEFAULT 'pendiente' NOT NULL,
	"trabajo" uuid,
	"inicio" timestamp with time zone,
	"fin" timestamp with time zone,
	"anonimizados" integer DEFAULT 0 NOT NULL,
	"ultimo_cliente" uuid,
	"error" text,
	"creado" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "anonimizacion_ejecuciones_estado_check" CHECK ("anonimizacion_ejecuciones"."estado" in ('pendiente', 'en_curso', 'hecho', 'fallido'))
);
--> statement-breakpoint
CREATE TABLE "anonimizaciones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"numero" serial NOT NULL,
	"uidcliente" uuid NOT NULL,
	"motivo" text NOT NULL,
	"ejecucion" uuid,
	"solicitado_por" uuid,
	"archivos_pendientes" boolean DEFAULT true NOT NULL,
	"fecha" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "anonimizaciones_motivo_check" CHECK ("anonimizaciones"."motivo" in ('retencion', 'solicitud'))
);
--> statement-breakpoint
ALTER TABLE "clientes" ADD COLUMN "anonimizado" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "archivos" ADD COLUMN "eliminado" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "anonimizacion_ejecuciones" ADD CONSTRAINT "anonimizacion_ejecuciones_trabajo_trabajos_id_fk" FOREIGN KEY ("trabajo") REFERENCES "public"."trabajos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anonimizaciones" ADD CONSTRAINT "anonimizaciones_uidcliente_clientes_id_fk" FOREIGN KEY ("uidcliente") REFERENCES "public"."clientes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anonimizaciones" ADD CONSTRAINT "anonimizaciones_ejecucion_anonimizacion_ejecuciones_id_fk" FOREIGN KEY ("ejecucion") REFERENCES "public"."anonimizacion_ejecuciones"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "anonimizaciones" ADD CONSTRAINT "anonimizaciones_solicitado_por_usuarios_id_fk" FOREIGN KEY ("solicitado_por") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "anonimizacion_ejecuciones_programada_key" ON "anonimizacion_ejecuciones" USING btree ("programada");--> statement-breakpoint
CREATE UNIQUE INDEX "anonimizaciones_cliente_key" ON "anonimizaciones" USING btree ("uidcliente");--> statement-breakpoint
CREATE UNIQUE INDEX "anonimizaciones_numero_key" ON "anonimizaciones" USING btree ("numero");--> statement-breakpoint
CREATE INDEX "anonimizaciones_archivos_pendientes_idx" ON "anonimizaciones" USING btree ("fecha") WHERE "anonimizaciones"."archivos_pendientes";--> statement-breakpoint
CREATE INDEX "casos_cliente_idx" ON "casos" USING btree ("uidcliente");--> statement-breakpoint
CREATE INDEX "casos_conductor_idx" ON "casos" USING btree ("uidconductor");