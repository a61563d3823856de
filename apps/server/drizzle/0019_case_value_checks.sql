-- The case's remaining list columns get their CHECK constraints (as 0003 did for the others). Safe
-- on an existing database: a priority written in another case or with spaces is brought to the
-- list's own ('Alta ' is 'alta') and an unknown one to 'media', the value the reports already read it
-- as; the constraints are added NOT VALID and validated one by one, so a database holding some
-- other verification, relation or product keeps starting with that constraint NOT VALID (new and
-- changed rows are still checked) and a warning naming it.
UPDATE "casos" SET "prioridad" = lower(trim("prioridad")) WHERE "prioridad" <> lower(trim("prioridad"));--> statement-breakpoint
UPDATE "casos" SET "prioridad" = 'media' WHERE "prioridad" NOT IN ('alta', 'media', 'baja');--> statement-breakpoint
ALTER TABLE "casos" ADD CONSTRAINT "casos_verificacion_check" CHECK ("casos"."verificacion" in ('Ninguno', 'Consulta en línea', 'Verificación contact center')) NOT VALID;--> statement-breakpoint
ALTER TABLE "casos" ADD CONSTRAINT "casos_relacion_check" CHECK ("casos"."relacion" in ('Propietario', 'Conductor')) NOT VALID;--> statement-breakpoint
ALTER TABLE "casos" ADD CONSTRAINT "casos_prioridad_check" CHECK ("casos"."prioridad" in ('alta', 'media', 'baja')) NOT VALID;--> statement-breakpoint
ALTER TABLE "casos" ADD CONSTRAINT "casos_tipo_producto_check" CHECK ("casos"."tipo_producto" in ('Ninguno', 'Todo riesgo taxis', 'Conduce tranquilo', 'Rodando contigo', 'Tercero esencial', 'Tercero obligatorio', 'Todo riesgo pesados', 'Rc transporte público')) NOT VALID;--> statement-breakpoint
DO $$
DECLARE
  c record;
BEGIN
  FOR c IN SELECT conrelid::regclass AS tbl, conname FROM pg_constraint
    WHERE conname IN ('casos_verificacion_check', 'casos_relacion_check', 'casos_prioridad_check', 'casos_tipo_producto_check') AND NOT convalidated
  LOOP
    BEGIN
      EXECUTE format('ALTER TABLE %s VALIDATE CONSTRAINT %I', c.tbl, c.conname);
    EXCEPTION WHEN check_violation THEN
      RAISE WARNING 'constraint % left NOT VALID: rows of % hold a value outside its list', c.conname, c.tbl;
    END;
  END LOOP;
END $$;
