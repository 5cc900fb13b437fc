/**
 * /planning (spec 002 §2, issue 16 item 4): the caller's plans — top-level tasks with sub-tasks —
 * each opening the planning flow viewer. The open plan lives in the address (?plan=id), so it can be
 * opened again or shared; the viewer and its flow library load only when a plan is opened.
 */
import '../i18n.ts';
import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconHierarchy } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePlans } from '../api/plan.ts';

const PlanViewer = lazy(() => import('../components/plan-viewer.tsx'));

export default function PlanningPage() {
  const { t } = useTranslation('planning');
  const [params, setParams] = useSearchParams();
  const open = params.get('plan');
  const { data, error, isLoading, size, setSize } = usePlans();
  const plans = data?.flatMap((p) => p.results) ?? [];
  const more = Boolean(data?.at(-1)?.next);
  const setOpen = (id: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (id) next.set('plan', id);
        else next.delete('plan');
        return next;
      },
      { replace: false },
    );
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {t('planning.pageTitle')}
      </Title>
      <Text c="dimmed">{t('planning.intro')}</Text>
      {error && <Alert color="red">{t('planning.loadFailed')}</Alert>}
      {isLoading && <Loader />}
      {data && plans.length === 0 && <Text>{t('planning.empty')}</Text>}
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 3 }}
        component="ul"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
      >
        {plans.map((p) => (
          <Card key={p.id} withBorder component="li" data-testid="plan-row">
            <Stack gap="xs">
              <Group gap="xs" wrap="nowrap">
                <IconHierarchy size={18} aria-hidden />
                <Text fw={600} lineClamp={2}>
                  {p.title}
                </Text>
              </Group>
              <Group gap="xs">
                <Badge variant="light">{t('planning.subtasks', { count: p.childCount })}</Badge>
                <Text size="sm" c="dimmed">
                  {p.group.title}
                </Text>
              </Group>
              <Button
                variant="light"
                onClick={() => setOpen(p.id)}
                aria-label={`${t('planning.open')}: ${p.title}`}
              >
                {t('planning.open')}
              </Button>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      {more && (
        <Button variant="default" onClick={() => void setSize(size + 1)} style={{ alignSelf: 'center' }}>
          {t('planning.loadMore')}
        </Button>
      )}
      {open && (
        <Suspense fallback={<Loader />}>
          <PlanViewer rootId={open} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </Stack>
  );
}
