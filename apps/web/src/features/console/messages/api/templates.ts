import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { messageTemplateSchema, type MessageTemplateUpdate, type MessageTemplateView } from '@sas/domain';
import { api } from '@/lib/api-client';

const templatesKey = ['console', 'message-templates'] as const;
const previewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type MessagePreview = z.infer<typeof previewSchema>;

/** GET /api/admin/message-templates: every guest message template as it stands. */
export function useMessageTemplates() {
  return useQuery({
    queryKey: templatesKey,
    queryFn: ({ signal }) => api.request('/admin/message-templates', z.array(messageTemplateSchema), { signal }),
    staleTime: 0,
  });
}

/** PUT /api/admin/message-templates/{name}. */
export function useSaveMessageTemplate(name: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MessageTemplateUpdate): Promise<MessageTemplateView> =>
      api.request(`/admin/message-templates/${name}`, messageTemplateSchema, { method: 'PUT', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templatesKey }),
  });
}

export interface PreviewRequest {
  bookingCode: string;
  subject: string;
  body: string;
}

/** POST /api/admin/message-templates/{name}/preview: the unsaved words filled in for a real booking. */
export function usePreviewMessage(name: string) {
  return useMutation({
    mutationFn: (body: PreviewRequest): Promise<MessagePreview> =>
      api.request(`/admin/message-templates/${name}/preview`, previewSchema, { method: 'POST', body }),
  });
}

/** POST /api/admin/message-templates/{name}/test-send: the preview e-mailed to the staff member. */
export function useTestSendMessage(name: string) {
  return useMutation({
    mutationFn: (body: PreviewRequest): Promise<{ to: string }> =>
      api.request(`/admin/message-templates/${name}/test-send`, z.object({ to: z.string() }), { method: 'POST', body }),
  });
}
