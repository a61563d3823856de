DROP INDEX "casos_creado_idx";--> statement-breakpoint
ALTER TABLE "casos" ADD COLUMN "fecha_cierre" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "casos_reportes_idx" ON "casos" USING btree ("creado","id","uidinvestigador","estado","prioridad","fecha_cierre","llegada_fecha","solicitud_perito");--> statement-breakpoint
CREATE INDEX "casos_abiertos_idx" ON "casos" USING btree ("estado","uidinvestigador") WHERE not "casos"."archivado" and "casos"."estado" not in ('Cancelado', 'No conciliado', 'Conciliado', 'CERRADO');--> statement-breakpoint
CREATE INDEX "casos_creador_idx" ON "casos" USING btree ("uidcreador","creado");--> statement-breakpoint
-- fecha_cierre is kept by the database on every write of estado (issue 17): entering a closing
-- status stamps it (unless the statement sets it itself), moving between closing statuses keeps
-- it, reopening clears it. The closing statuses are the domain's ESTADOS_CIERRE.
CREATE OR REPLACE FUNCTION casos_fecha_cierre() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.estado IN ('Cancelado', 'No conciliado', 'Conciliado', 'CERRADO') THEN
    IF TG_OP = 'INSERT' THEN
      NEW.fecha_cierre := coalesce(NEW.fecha_cierre, now());
    ELSIF OLD.estado NOT IN ('Cancelado', 'No conciliado', 'Conciliado', 'CERRADO')
      AND NEW.fecha_cierre IS NOT DISTINCT FROM OLD.fecha_cierre THEN
      NEW.fecha_cierre := now();
    ELSE
      NEW.fecha_cierre := coalesce(NEW.fecha_cierre, OLD.fecha_cierre, now());
    END IF;
  ELSE
    NEW.fecha_cierre := NULL;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER casos_fecha_cierre BEFORE INSERT OR UPDATE OF estado, fecha_cierre ON casos
  FOR EACH ROW EXECUTE FUNCTION casos_fecha_cierre();--> statement-breakpoint
-- Cases closed before this migration: when their history last recorded the current status, else
-- their last change.
UPDATE casos c SET fecha_cierre = coalesce(
  (SELECT max(t.fechahora) FROM trazabilidad t WHERE t.uidcaso = c.id AND t.estado = c.estado),
  c.modificacion)
WHERE c.estado IN ('Cancelado', 'No conciliado', 'Conciliado', 'CERRADO');
