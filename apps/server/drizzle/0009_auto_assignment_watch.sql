ALTER TABLE "casos" ADD COLUMN "asignacion_auto_fecha" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "casos" ADD COLUMN "asignacion_auto_km" double precision;--> statement-breakpoint
ALTER TABLE "casos" ADD COLUMN "alerta_asignacion_fecha" timestamp with time zone;