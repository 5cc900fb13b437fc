/**
 * The curriculum's own attachments (spec 002 §3 "Attachments carry an order", §7; decisions D72): its
 * files and video links, in their order, through the files module's tabs with the curriculum for
 * owner. Everyone who sees the curriculum reads them; its author adds, renames, orders and deletes.
 */
import '../i18n.ts';
import { Stack, Tabs, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AttachmentsTab } from '../../attachments/components/attachments-tab.tsx';
import { VideoLinksTab } from '../../attachments/components/video-links-tab.tsx';

export function CurriculumAttachments({ curriculumId, canEdit }: { curriculumId: string; canEdit: boolean }) {
  const { t } = useTranslation('curricula');
  const owner = { curriculum: curriculumId };
  return (
    <Stack gap="xs" data-testid="curriculum-attachments">
      <Title order={4}>{t('attachments')}</Title>
      <Tabs defaultValue="files" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="files">{t('files')}</Tabs.Tab>
          <Tabs.Tab value="videos">{t('videos')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="files" pt="xs">
          <AttachmentsTab taskId={owner} canEdit={canEdit} />
        </Tabs.Panel>
        <Tabs.Panel value="videos" pt="xs">
          <VideoLinksTab taskId={owner} canEdit={canEdit} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
