CREATE TABLE "auditoria" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"fecha" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"actor_id" uuid,
	"actor_nombre" text NOT NULL,
	"actor_cargo" text,
	"ip" text,
	"accion" text NOT NULL,
	"objeto_tipo" text NOT NULL,
	"objeto_id" text,
	"objeto_etiqueta" text NOT NULL,
	"antes" jsonb,
	"despues" jsonb
);
--> statement-breakpoint
CREATE INDEX "auditoria_fecha_idx" ON "auditoria" USING btree ("fecha" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auditoria_accion_idx" ON "auditoria" USING btree ("accion","fecha" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auditoria_objeto_idx" ON "auditoria" USING btree ("objeto_tipo","objeto_id","fecha" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "auditoria_actor_idx" ON "auditoria" USING btree ("actor_id","fecha" DESC NULLS LAST);--> statement-breakpoint
-- Append-only: the history of administration is never rewritten, whatever code or hand runs the statement.
CREATE FUNCTION "auditoria_solo_insercion"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'La auditoría solo admite nuevos registros: % no está permitido', TG_OP
		USING ERRCODE = '42501';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "auditoria_sin_cambios" BEFORE UPDATE OR DELETE ON "auditoria"
	FOR EACH ROW EXECUTE FUNCTION "auditoria_solo_insercion"();--> statement-breakpoint
CREATE TRIGGER "auditoria_sin_vaciado" BEFORE TRUNCATE ON "auditoria"
	FOR EACH STATEMENT EXECUTE FUNCTION "auditoria_solo_insercion"();
