import { Avatar, Button, FileButton, Group, Modal, Skeleton, Slider, Stack, Text } from '@mantine/core';
import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { initialsOf } from '../../../app/shell/app-header.tsx';
import { errorText, notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAuthUser } from '../../../lib/user/get-auth-user.ts';
import { useUserConfig } from '../../../lib/user/get-user-config.ts';
import { uploadAvatar } from '../api/upload-avatar.ts';
import {
  type CropView,
  cropRect,
  drag,
  initialView,
  MAX_ZOOM,
  MIN_ZOOM,
  outputSize,
  settle,
} from '../utils/avatar-crop.ts';

const FRAME_PX = 256;
const PREVIEW_PX = 72;
const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

/** The profile picture: pick an image, cut a square from it with a live preview, upload the square. */
export function AvatarField() {
  const { t } = useTranslation(['common']);
  const { data: config } = useUserConfig();
  const { data: user } = useAuthUser();
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const resetRef = useRef<() => void>(null);

  function pick(file: File | null) {
    resetRef.current?.();
    if (!file) return;
    const url = URL.createObjectURL(file);
    const img = new Image();
    img.onload = () => {
      URL.revokeObjectURL(url);
      setImage(img);
    };
    img.onerror = () => {
      URL.revokeObjectURL(url);
      notifyError(t('settings.avatar.failed'), t('settings.avatar.notImage'));
    };
    img.src = url;
  }

  if (!config) return <Skeleton height={72} />;
  return (
    <Group gap="md" wrap="nowrap">
      <Avatar
        size={72}
        radius="xl"
        color="blue"
        src={config.avatar?.thumbnailUrl ?? null}
        alt={t('settings.avatar.current')}
        data-testid="settings-avatar"
      >
        {user ? initialsOf(user.firstName, user.lastName, user.email) : null}
      </Avatar>
      <Stack gap={4}>
        <Text fw={500}>{t('settings.avatar.title')}</Text>
        <FileButton onChange={pick} accept={ACCEPT} resetRef={resetRef}>
          {(props) => (
            <Button variant="default" size="xs" {...props}>
              {config.avatar ? t('settings.avatar.change') : t('settings.avatar.choose')}
            </Button>
          )}
        </FileButton>
      </Stack>
      {image && <CropModal image={image} onClose={() => setImage(null)} />}
    </Group>
  );
}

function CropModal({ image, onClose }: { image: HTMLImageElement; onClose: () => void }) {
  const { t } = useTranslation(['common']);
  const w = image.naturalWidth;
  const h = image.naturalHeight;
  const [view, setView] = useState<CropView>(() => initialView(w, h));
  const [busy, setBusy] = useState(false);
  const frameRef = useRef<HTMLCanvasElement>(null);
  const previewRef = useRef<HTMLCanvasElement>(null);
  const dragFrom = useRef<{ x: number; y: number } | null>(null);

  // Draw the frame and the round preview from the same square.
  useEffect(() => {
    const r = cropRect(w, h, view);
    for (const [canvas, px] of [
      [frameRef.current, FRAME_PX],
      [previewRef.current, PREVIEW_PX],
    ] as const) {
      const ctx = canvas?.getContext('2d');
      if (!ctx) continue;
      ctx.clearRect(0, 0, px, px);
      ctx.drawImage(image, r.x, r.y, r.size, r.size, 0, 0, px, px);
    }
  }, [image, w, h, view]);

  const onPointerDown = (e: PointerEvent<HTMLCanvasElement>) => {
    e.currentTarget.setPointerCapture(e.pointerId);
    dragFrom.current = { x: e.clientX, y: e.clientY };
  };
  const onPointerMove = (e: PointerEvent<HTMLCanvasElement>) => {
    const from = dragFrom.current;
    if (!from) return;
    const dx = e.clientX - from.x;
    const dy = e.clientY - from.y;
    dragFrom.current = { x: e.clientX, y: e.clientY };
    setView((v) => drag(w, h, v, dx, dy, FRAME_PX));
  };
  const onPointerUp = () => {
    dragFrom.current = null;
  };
  const onKeyDown = (e: KeyboardEvent<HTMLCanvasElement>) => {
    const step = 10;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [step, 0],
      ArrowRight: [-step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    const m = moves[e.key];
    if (!m) return;
    e.preventDefault();
    setView((v) => drag(w, h, v, m[0], m[1], FRAME_PX));
  };

  async function save() {
    setBusy(true);
    try {
      const r = cropRect(w, h, view);
      const size = outputSize(r);
      const canvas = document.createElement('canvas');
      canvas.width = size;
      canvas.height = size;
      canvas.getContext('2d')?.drawImage(image, r.x, r.y, r.size, r.size, 0, 0, size, size);
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
      if (!blob) throw new Error(t('settings.avatar.notImage'));
      await uploadAvatar(blob);
      notifySuccess(t('settings.avatar.saved'));
      onClose();
    } catch (err) {
      notifyError(t('settings.avatar.failed'), errorText(err, t('errors.generic')));
      setBusy(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title={t('settings.avatar.cropTitle')} centered>
      <Stack gap="md" align="center">
        <Text size="sm" c="dimmed">
          {t('settings.avatar.cropHelp')}
        </Text>
        <canvas
          ref={frameRef}
          width={FRAME_PX}
          height={FRAME_PX}
          tabIndex={0}
          role="img"
          aria-label={t('settings.avatar.frame')}
          data-testid="avatar-crop-frame"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
          onKeyDown={onKeyDown}
          style={{ width: FRAME_PX, height: FRAME_PX, cursor: 'move', touchAction: 'none', borderRadius: 8 }}
        />
        <Stack gap={4} w={FRAME_PX}>
          <Text size="sm" id="avatar-zoom-label">
            {t('settings.avatar.zoom')}
          </Text>
          <Slider
            min={MIN_ZOOM}
            max={MAX_ZOOM}
            step={0.05}
            value={view.zoom}
            onChange={(zoom) => setView((v) => settle(w, h, { ...v, zoom }))}
            label={(z) => `${z.toFixed(1)}×`}
            thumbProps={{ 'aria-labelledby': 'avatar-zoom-label' }}
          />
        </Stack>
        <Group gap="sm">
          <canvas
            ref={previewRef}
            width={PREVIEW_PX}
            height={PREVIEW_PX}
            role="img"
            aria-label={t('settings.avatar.preview')}
            style={{ width: PREVIEW_PX, height: PREVIEW_PX, borderRadius: '50%' }}
          />
          <Text size="sm">{t('settings.avatar.preview')}</Text>
        </Group>
        <Group justify="flex-end" w="100%">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button onClick={save} loading={busy}>
            {t('settings.avatar.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
