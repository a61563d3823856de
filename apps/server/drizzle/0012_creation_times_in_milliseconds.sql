ALTER TABLE "areas" ALTER COLUMN "creado" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "areas" ALTER COLUMN "creado" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "empresas" ALTER COLUMN "creado" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "empresas" ALTER COLUMN "creado" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "estadoscaso" ALTER COLUMN "creado" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "estadoscaso" ALTER COLUMN "creado" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "cuentas" ALTER COLUMN "creado" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "cuentas" ALTER COLUMN "creado" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "intentos_login" ALTER COLUMN "fecha" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "intentos_login" ALTER COLUMN "fecha" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "sesiones" ALTER COLUMN "creado" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "sesiones" ALTER COLUMN "creado" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "usuarios" ALTER COLUMN "creado" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "usuarios" ALTER COLUMN "creado" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "clientes" ALTER COLUMN "creado" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "clientes" ALTER COLUMN "creado" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "polizas" ALTER COLUMN "creado" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "polizas" ALTER COLUMN "creado" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "vehiculos" ALTER COLUMN "creado" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "vehiculos" ALTER COLUMN "creado" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "casos" ALTER COLUMN "creado" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "casos" ALTER COLUMN "creado" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "archivos" ALTER COLUMN "creado" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "archivos" ALTER COLUMN "creado" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "notificaciones" ALTER COLUMN "fechahora" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "notificaciones" ALTER COLUMN "fechahora" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "notificaciones_leidas" ALTER COLUMN "leida" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "notificaciones_leidas" ALTER COLUMN "leida" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "trazabilidad" ALTER COLUMN "fechahora" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "trazabilidad" ALTER COLUMN "fechahora" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "trazabilidadestado" ALTER COLUMN "fechahora" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "trazabilidadestado" ALTER COLUMN "fechahora" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "chats" ALTER COLUMN "creado" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "chats" ALTER COLUMN "creado" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "fotosdrone" ALTER COLUMN "fecha" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "fotosdrone" ALTER COLUMN "fecha" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "mensajes" ALTER COLUMN "fecha" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "mensajes" ALTER COLUMN "fecha" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "exportaciones" ALTER COLUMN "fechainicio" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "exportaciones" ALTER COLUMN "fechainicio" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "idempotencia" ALTER COLUMN "creado" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "idempotencia" ALTER COLUMN "creado" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "suscripciones_push" ALTER COLUMN "creado" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "suscripciones_push" ALTER COLUMN "creado" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "trabajos" ALTER COLUMN "ejecutar_en" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "trabajos" ALTER COLUMN "ejecutar_en" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "trabajos" ALTER COLUMN "creado" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "trabajos" ALTER COLUMN "creado" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "enlaces_cliente" ALTER COLUMN "creado" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "enlaces_cliente" ALTER COLUMN "creado" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "sesiones_cliente" ALTER COLUMN "creado" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "sesiones_cliente" ALTER COLUMN "creado" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "mensajes_sms" ALTER COLUMN "creado" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "mensajes_sms" ALTER COLUMN "creado" SET DEFAULT now();