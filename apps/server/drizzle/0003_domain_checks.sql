-- Columns whose values are lists of the domain (cargos, availability, plans, origins) get CHECK
-- constraints generated from its constants (db/schema, oneOf). Safe on an existing database:
-- values the code no longer writes are first brought to what the app shows them as (an empty or
-- old availability such as 'Ausente' is 'Fuera de su horario laboral', DECISIONS row 15; the
-- old spelling 'RC Publico' is 'RC PUBLICO'); the constraints are added NOT VALID and then
-- validated one by one, so a database still holding some other value keeps starting: that
-- constraint stays NOT VALID (new and changed rows are still checked) and a warning names it.
UPDATE "usuarios" SET "disponibilidad" = 'Fuera de su horario laboral'
  WHERE "disponibilidad" NOT IN ('Fuera de su horario laboral', 'Activo en espera', 'Activo ocupado', 'Activo multiple');
--> statement-breakpoint
UPDATE "casos" SET "tipo_plan" = 'RC PUBLICO' WHERE "tipo_plan" = 'RC Publico';
--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_cargo_check" CHECK ("usuarios"."cargo" in ('Administrador', 'Call Center', 'Coordinador Contact Center', 'Investigador', 'Coordinador Investigador', 'Abogado', 'Coordinador Abogado', 'Abogado CAIT', 'Coordinador Abogado CAIT', 'Perito', 'Coordinador Perito', 'Dibujante')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_disponibilidad_check" CHECK ("usuarios"."disponibilidad" in ('Fuera de su horario laboral', 'Activo en espera', 'Activo ocupado', 'Activo multiple')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "vehiculos" ADD CONSTRAINT "vehiculos_origen_check" CHECK ("vehiculos"."origen" in ('Vialex', 'Tecnicar', 'SEGURO TERCERO')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "casos" ADD CONSTRAINT "casos_tipo_plan_check" CHECK ("casos"."tipo_plan" in ('SIN PLAN', 'SEGURO TERCERO', 'RC PUBLICO')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "casos" ADD CONSTRAINT "casos_origen_check" CHECK ("casos"."origen" in ('Vialex', 'Cronos', 'Tecnicar', 'SEGURO TERCERO')) NOT VALID;
--> statement-breakpoint
ALTER TABLE "casos" ADD CONSTRAINT "casos_origen_desde_check" CHECK ("casos"."origen_desde" in ('Vialex', 'Cronos')) NOT VALID;
--> statement-breakpoint
DO $$
DECLARE
  c record;
BEGIN
  FOR c IN SELECT conrelid::regclass AS tbl, conname FROM pg_constraint
    WHERE conname IN ('usuarios_cargo_check', 'usuarios_disponibilidad_check', 'vehiculos_origen_check', 'casos_tipo_plan_check', 'casos_origen_check', 'casos_origen_desde_check') AND NOT convalidated
  LOOP
    BEGIN
      EXECUTE format('ALTER TABLE %s VALIDATE CONSTRAINT %I', c.tbl, c.conname);
    EXCEPTION WHEN check_violation THEN
      RAISE WARNING 'constraint % left NOT VALID: rows of % hold a value outside its list', c.conname, c.tbl;
    END;
  END LOOP;
END $$;
