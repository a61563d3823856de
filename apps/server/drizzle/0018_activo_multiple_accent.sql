-- 'Activo multiple' is spelt 'Activo múltiple' (D21): the stored availability and the user-state
-- trail's past entries follow, so a list, a filter and a report read one spelling.
ALTER TABLE "usuarios" DROP CONSTRAINT "usuarios_disponibilidad_check";--> statement-breakpoint
UPDATE "usuarios" SET "disponibilidad" = 'Activo múltiple' WHERE "disponibilidad" = 'Activo multiple';--> statement-breakpoint
UPDATE "trazabilidadestado" SET "estado" = 'Activo múltiple' WHERE "estado" = 'Activo multiple';--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_disponibilidad_check" CHECK ("usuarios"."disponibilidad" in ('Fuera de su horario laboral', 'Activo en espera', 'Activo ocupado', 'Activo múltiple'));
