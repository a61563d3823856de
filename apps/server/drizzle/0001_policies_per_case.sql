DROP INDEX "polizas_numero_key";--> statement-breakpoint
DROP INDEX "polizas_caso_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "polizas_caso_numero_key" ON "polizas" USING btree ("id_caso","polizas");