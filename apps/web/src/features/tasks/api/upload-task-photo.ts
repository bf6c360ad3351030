import { taskPhotoSchema, type TaskPhoto } from '@sas/domain';
import { z } from 'zod';
import { api, ApiError } from '@/lib/api-client';

const uploaded = z.array(taskPhotoSchema);

/**
 * POST /api/me/tasks/{id}/photos with one photo (multipart): the server
 * checks it by content like a home's photo; a refusal arrives as an ApiError
 * with its message.
 */
export function uploadTaskPhoto(id: string, file: File): Promise<TaskPhoto[]> {
  return api.requestWith('POST', `/me/tasks/${encodeURIComponent(id)}/photos`, uploaded, (url, token) => {
    const body = new FormData();
    body.append('photos', file, file.name);
    return fetch(url, {
      method: 'POST',
      body,
      headers: { Accept: 'application/json', ...(token !== null ? { Authorization: `Bearer ${token}` } : {}) },
    }).catch(() => {
      throw new ApiError(0, 'Could not reach the server. Please check your connection.');
    });
  });
}
