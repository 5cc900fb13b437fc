import { Alert, Button, Divider, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconArchive, IconArchiveOff, IconTrash } from '@tabler/icons-react';
import { groupForm } from '@tandem/shared/groups/forms';
import {
  DEFAULT_GROUP_COLOR,
  DEFAULT_GROUP_ICON,
  GROUP_DESCRIPTION_MAX,
  GROUP_TITLE_MAX,
  type GroupIcon as GroupIconName,
  hasGroupNameConflict,
  type UpdateGroupInput,
} from '@tandem/shared/groups/group';
import { normaliseEmail } from '@tandem/shared/groups/invitations';
import { ROLES } from '@tandem/shared/groups/roles';
import type { GroupView } from '@tandem/shared/groups/views';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAuthUser } from '../../../lib/user/get-auth-user.ts';
import { formValidator } from '../../../lib/validation.ts';
import { createGroup } from '../api/create-group.ts';
import { deleteGroup } from '../api/delete-group.ts';
import { useGroupLimits } from '../api/get-subscription-limits.ts';
import { inviteMember } from '../api/invite-member.ts';
import { useRolePermissions } from '../api/list-role-permissions.ts';
import { setGroupStatus, updateGroup } from '../api/update-group.ts';
import { notifyFailure } from '../utils/failure.ts';
import { archiveAction, canDelete, canSubmitForm, has, isArchived } from '../utils/group-state.ts';
import { grantableFor, type InviteDraft } from '../utils/members.ts';
import { ColourField } from './colour-field.tsx';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { IconPicker } from './icon-picker.tsx';
import { MembersSection } from './members-section.tsx';
import '../../../i18n/with-later-texts.ts';

type Warning = 'discardInvite' | 'nameConflict';

/**
 * The group form (spec 000 §2, §5, §6), for a new group (`group` null) or an existing one. Fields the
 * caller may not change are read-only; the member list acts at once on an existing group.
 */
export function GroupFormModal({
  opened,
  onClose,
  group,
  groups,
  onArchived,
}: {
  opened: boolean;
  onClose: () => void;
  group: GroupView | null;
  groups: readonly GroupView[];
  /** The group was just archived (for everyone or for the caller): the list shows where it went. */
  onArchived?: () => void;
}) {
  const { t } = useTranslation('groups');
  const narrow = useMediaQuery('(max-width: 48em)');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={group ? t('form.editTitle', { title: group.title }) : t('form.createTitle')}
      size="xl"
      fullScreen={narrow}
      // Closing by a stray click would lose what was typed.
      closeOnClickOutside={false}
    >
      {opened && (
        <GroupForm
          key={group?.id ?? 'new'}
          group={group}
          groups={groups}
          onClose={onClose}
          onArchived={onArchived}
        />
      )}
    </Modal>
  );
}

function GroupForm({
  group,
  groups,
  onClose,
  onArchived,
}: {
  group: GroupView | null;
  groups: readonly GroupView[];
  onClose: () => void;
  onArchived?: () => void;
}) {
  const { t } = useTranslation(['groups', 'validation']);
  const { data: me } = useAuthUser();
  const { data: roleTable } = useRolePermissions();
  const { data: limits } = useGroupLimits(group?.id);

  const form = useForm({
    initialValues: {
      title: group?.title ?? '',
      description: group?.description ?? '',
      color: group?.metadata.color ?? DEFAULT_GROUP_COLOR,
      icon: (group?.metadata.icon ?? DEFAULT_GROUP_ICON) as GroupIconName,
    },
    validate: formValidator(groupForm, (key, v) => t(key, v)),
    // A new name asks again about a conflict it may no longer have.
    onValuesChange: (values, previous) => {
      if (values.title === previous.title) return;
      setAccepted((a) => (a.has('nameConflict') ? new Set([...a].filter((x) => x !== 'nameConflict')) : a));
      setWarning((w) => (w === 'nameConflict' ? null : w));
    },
  });
  const { title, description, color, icon } = form.values;
  const [staged, setStaged] = useState<InviteDraft[]>([]);
  const [inviteEmail, setInviteEmail] = useState('');
  const [warning, setWarning] = useState<Warning | null>(null);
  const [accepted, setAccepted] = useState<Set<Warning>>(new Set());
  const [saving, setSaving] = useState(false);
  const [statusBusy, setStatusBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const isNew = group === null;
  const editTitle = isNew || has(group, 'group.title');
  const editMetadata = isNew || has(group, 'group.metadata');
  const canSave = isNew || canSubmitForm(group);
  const role = group?.role ?? ROLES.creator;
  const grantable = grantableFor(roleTable, role);
  const memberLimit = limits?.results.find((r) => r.event === 'ownedGroupMemberAmount')?.limit;
  const action = group ? archiveAction(group) : null;

  function nextWarning(done: Set<Warning>): Warning | null {
    if (inviteEmail.trim() && !done.has('discardInvite')) return 'discardInvite';
    if (hasGroupNameConflict(title, groups, group?.id) && !done.has('nameConflict')) return 'nameConflict';
    return null;
  }

  async function submit(done: Set<Warning> = accepted) {
    if (form.validate().hasErrors) return;
    const w = nextWarning(done);
    setWarning(w);
    if (w) return;

    setSaving(true);
    try {
      if (isNew) {
        const created = await createGroup({
          title: title.trim(),
          description,
          metadata: { color, icon },
        });
        const failed: string[] = [];
        for (const d of staged) {
          try {
            await inviteMember({ group: created.id, email: d.email, role: d.role });
          } catch (err) {
            failed.push(d.email);
            notifyFailure(t('members.inviteFailedFor', { email: d.email }), err, t('errors.generic'));
          }
        }
        notifySuccess(
          staged.length > failed.length
            ? t('form.createdWithInvites', { title: created.title, count: staged.length - failed.length })
            : t('form.created', { title: created.title }),
        );
        onClose();
        return;
      }
      const patch: UpdateGroupInput = {};
      if (editTitle && title.trim() !== group.title) patch.title = title.trim();
      if (editTitle && description !== group.description) patch.description = description;
      if (editMetadata && (color !== group.metadata.color || icon !== group.metadata.icon))
        patch.metadata = { color, icon };
      if (Object.keys(patch).length > 0) {
        await updateGroup(group.id, patch);
        notifySuccess(t('form.saved', { title: patch.title ?? group.title }));
      }
      onClose();
    } catch (err) {
      if (err instanceof ApiError)
        form.setErrors({ title: err.errors.title, description: err.errors.description });
      notifyFailure(isNew ? t('form.createFailed') : t('form.saveFailed'), err, t('errors.generic'));
      setSaving(false);
    }
  }

  const acceptWarning = () => {
    if (!warning) return;
    const done = new Set(accepted).add(warning);
    if (warning === 'discardInvite') setInviteEmail('');
    setAccepted(done);
    void submit(done);
  };

  async function toggleArchive() {
    if (!group || !action) return;
    setStatusBusy(true);
    try {
      // No toast: the form's archived note and the button itself show the new state.
      await setGroupStatus(group.id, action === 'restore' ? 1 : 2);
      if (action !== 'restore') onArchived?.();
    } catch (err) {
      notifyFailure(t('form.statusFailed'), err, t('errors.generic'));
    } finally {
      setStatusBusy(false);
    }
  }

  async function remove() {
    if (!group) return;
    setDeleting(true);
    try {
      await deleteGroup(group.id);
      notifySuccess(t('form.deleted', { title: group.title }));
      setConfirmDelete(false);
      onClose();
    } catch (err) {
      notifyFailure(t('form.deleteFailed'), err, t('errors.generic'));
      setDeleting(false);
    }
  }

  return (
    <form onSubmit={form.onSubmit(() => void submit())} noValidate>
      <Stack gap="md">
        {group && !canSave && (
          <Alert color="gray" variant="light">
            {t('form.readOnly')}
          </Alert>
        )}
        {group && isArchived(group) && (
          <Alert color="yellow" variant="light" icon={<IconArchive size={18} />}>
            {group.status === 2 ? t('form.archivedForEveryoneNote') : t('form.archivedForMeNote')}
          </Alert>
        )}
        <TextInput
          label={t('form.name')}
          required
          maxLength={GROUP_TITLE_MAX}
          readOnly={!editTitle}
          {...form.getInputProps('title')}
          data-autofocus
        />
        <Textarea
          label={t('form.description')}
          maxLength={GROUP_DESCRIPTION_MAX}
          readOnly={!editTitle}
          autosize
          minRows={2}
          maxRows={6}
          {...form.getInputProps('description')}
          onChange={(e) =>
            form.setFieldValue('description', e.currentTarget.value.slice(0, GROUP_DESCRIPTION_MAX))
          }
          description={t('form.descriptionCount', { count: description.length, max: GROUP_DESCRIPTION_MAX })}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
        />
        <Group align="flex-start" gap="xl" wrap="wrap">
          <ColourField
            label={t('form.colour')}
            value={color}
            onChange={(v) => form.setFieldValue('color', v)}
            disabled={!editMetadata}
          />
          <IconPicker
            label={t('form.icon')}
            value={icon}
            color={color}
            onChange={(v) => form.setFieldValue('icon', v)}
            disabled={!editMetadata}
          />
        </Group>

        <Divider />
        <MembersSection
          group={group}
          me={me}
          grantable={grantable}
          staged={staged}
          onStagedChange={setStaged}
          inviteEmail={inviteEmail}
          onInviteEmailChange={(v) => {
            setInviteEmail(v);
            if (warning === 'discardInvite') setWarning(null);
          }}
          memberLimit={memberLimit}
        />

        {warning && (
          <Alert
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title={warning === 'nameConflict' ? t('warnings.conflictTitle') : t('warnings.discardTitle')}
            role="alert"
          >
            <Stack gap="sm">
              <Text size="sm">
                {warning === 'nameConflict'
                  ? t('warnings.conflictText', { title: title.trim() })
                  : t('warnings.discardText', { email: normaliseEmail(inviteEmail) })}
              </Text>
              <Group gap="sm">
                <Button size="xs" color="yellow" onClick={acceptWarning} loading={saving}>
                  {warning === 'nameConflict' ? t('warnings.saveAnyway') : t('warnings.discardAndSave')}
                </Button>
                <Button size="xs" variant="default" onClick={() => setWarning(null)}>
                  {warning === 'nameConflict' ? t('warnings.changeName') : t('warnings.keepEditing')}
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}

        <Divider />
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Group gap="sm">
            {group && canDelete(group) && (
              <Button
                variant="light"
                color="red"
                leftSection={<IconTrash size={16} />}
                onClick={() => setConfirmDelete(true)}
              >
                {t('form.delete')}
              </Button>
            )}
            {group && action && (
              <Button
                variant="default"
                leftSection={action === 'restore' ? <IconArchiveOff size={16} /> : <IconArchive size={16} />}
                onClick={() => void toggleArchive()}
                loading={statusBusy}
              >
                {t(`form.${action}`)}
              </Button>
            )}
          </Group>
          <Group gap="sm" ml="auto">
            <Button variant="default" onClick={onClose}>
              {canSave ? t('actions.cancel') : t('actions.close')}
            </Button>
            {canSave && (
              <Button type="submit" loading={saving && !warning}>
                {t('form.save')}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>

      {group && (
        <ConfirmDialog
          opened={confirmDelete}
          title={t('form.deleteTitle', { title: group.title })}
          confirmLabel={t('form.deleteConfirm')}
          busy={deleting}
          onConfirm={() => void remove()}
          onCancel={() => setConfirmDelete(false)}
        >
          {t('form.deleteText', { title: group.title })}
        </ConfirmDialog>
      )}
    </form>
  );
}
