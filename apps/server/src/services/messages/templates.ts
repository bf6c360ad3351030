// The guest message templates (issue 28): the defaults are code
// (@sas/domain's defaultMessageTemplates); staff's changes are rows of
// message_templates that replace a default's wording and timing whole.
import { messageTemplates, type Database } from '@sas/db';
import {
  defaultMessageTemplates,
  messageTemplateDefinition,
  messageVariables,
  type MessageTemplate,
  type MessageTemplateName,
  type MessageTemplateUpdate,
  type MessageTemplateView,
} from '@sas/domain';
import { eq } from 'drizzle-orm';

type Reader = Pick<Database, 'select'>;

/** Every template as it stands: the console's version where there is one, else the default. */
export async function loadMessageTemplates(db: Reader): Promise<MessageTemplate[]> {
  const rows = await db.select().from(messageTemplates);
  return defaultMessageTemplates.map((definition) => {
    const row = rows.find((r) => r.name === definition.name);
    const base: MessageTemplate = {
      name: definition.name,
      enabled: definition.enabled,
      subject: definition.subject,
      body: definition.body,
      offsetDays: definition.offsetDays,
      time: definition.time,
    };
    return row
      ? {
          ...base,
          enabled: row.enabled,
          subject: row.subject,
          body: row.body,
          offsetDays: row.offsetDays,
          time: row.time,
        }
      : base;
  });
}

export async function loadMessageTemplate(db: Reader, name: MessageTemplateName): Promise<MessageTemplateView> {
  const templates = await loadMessageTemplates(db);
  const template = templates.find((t) => t.name === name);
  if (!template) throw new Error(`Unknown template ${name}`);
  return viewOf(template, await isCustomized(db, name));
}

async function isCustomized(db: Reader, name: string): Promise<boolean> {
  const rows = await db
    .select({ name: messageTemplates.name })
    .from(messageTemplates)
    .where(eq(messageTemplates.name, name));
  return rows.length > 0;
}

export function viewOf(template: MessageTemplate, customized: boolean): MessageTemplateView {
  const definition = messageTemplateDefinition(template.name);
  return {
    ...template,
    label: definition.label,
    anchor: definition.anchor,
    marketing: definition.marketing,
    customized,
    variables: [...messageVariables],
  };
}

/** Saves the console's change (fields left out keep their current value). */
export async function saveMessageTemplate(
  db: Database,
  name: MessageTemplateName,
  update: MessageTemplateUpdate,
  userId: string | null,
  now: Date,
): Promise<MessageTemplateView> {
  const current = (await loadMessageTemplates(db)).find((t) => t.name === name);
  if (!current) throw new Error(`Unknown template ${name}`);
  const next = { ...current, ...update };
  const values = {
    enabled: next.enabled,
    subject: next.subject,
    body: next.body,
    offsetDays: next.offsetDays,
    time: next.time,
    updatedBy: userId,
    updatedAt: now,
  };
  await db
    .insert(messageTemplates)
    .values({ name, ...values })
    .onConflictDoUpdate({ target: messageTemplates.name, set: values });
  return viewOf(next, true);
}
