import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminReservationNoteSchema, type AdminReservationNote } from '@sas/domain';
import { api } from '@/lib/api-client';
import { reservationQueryOptions } from './get-reservation';

/** POST /api/admin/reservations/{code}/notes: a staff note (201 with the note). */
export function addNote({ code, body }: { code: string; body: string }): Promise<AdminReservationNote> {
  return api.request(`/admin/reservations/${encodeURIComponent(code)}/notes`, adminReservationNoteSchema, {
    method: 'POST',
    body: { body },
  });
}

export function useAddNote(code: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => addNote({ code, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: reservationQueryOptions(code).queryKey }),
  });
}
