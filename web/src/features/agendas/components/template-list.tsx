/** The agenda templates as cards; choosing one opens the designer from it (for `taskId` when given). */
import { Button, Card, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAgendaTemplates } from '../api/agendas.ts';
import { blankDesignerPath, designerFromTemplatePath } from '../paths.ts';

export function TemplateList({ taskId, compact = false }: { taskId?: string; compact?: boolean }) {
  const { t } = useTranslation('agendas');
  const templates = useAgendaTemplates();
  if (!templates.data) return <Loader size="sm" />;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={compact ? { base: 1, sm: 2 } : { base: 1, sm: 2, lg: 3 }} spacing="sm">
        {templates.data.map((tpl) => (
          <Card key={tpl.agendaTemplateId} withBorder padding="sm" data-testid="agenda-template">
            <Stack gap={4} h="100%" justify="space-between">
              <div>
                <Text fw={600}>{tpl.templateName}</Text>
                {!compact && (
                  <Text size="sm" c="dimmed">
                    {tpl.description}
                  </Text>
                )}
                <Text size="xs" c="dimmed" mt={4}>
                  {t('page.segments', { count: tpl.segmentCount })} ·{' '}
                  {t('page.minutes', { count: tpl.totalMinutes })}
                </Text>
              </div>
              <Group mt="xs">
                <Button
                  size="xs"
                  variant="light"
                  component={Link}
                  to={designerFromTemplatePath(tpl.agendaTemplateId, taskId)}
                  aria-label={`${t('page.use')}: ${tpl.templateName}`}
                >
                  {t('page.use')}
                </Button>
              </Group>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Group>
        <Button size="xs" variant="subtle" component={Link} to={blankDesignerPath(taskId)}>
          {t('actions.blank')}
        </Button>
      </Group>
    </Stack>
  );
}
