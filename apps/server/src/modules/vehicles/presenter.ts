import type { VehicleResponse } from '@vialex/domain';
import type { VehicleRow } from './queries.js';

export function presentVehicle(row: VehicleRow): VehicleResponse {
  return {
    id: row.id,
    placa: row.placa,
    clase: row.clase,
    carroceria: row.carroceria,
    marca: row.marca,
    linea: row.linea,
    modelo: row.modelo,
    servicio: row.servicio,
    poliza: row.poliza,
    informacionadicional: row.informacionadicional,
    estado: row.estado,
    origen: row.origen,
    cliente: row.clienteId
      ? {
          id: row.clienteId,
          nombres: row.clienteNombres ?? '',
          apellidos: row.clienteApellidos ?? '',
          tipoidentificacion: row.clienteTipo ?? '',
          identificacion: row.clienteIdentificacion ?? 0,
          estado: row.clienteEstado ?? false,
        }
      : null,
    creado: row.creado.toISOString(),
    modificacion: row.modificacion.toISOString(),
  };
}
