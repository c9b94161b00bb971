import { useEffect, useId, useRef, useState } from 'react';
import type { Theme } from '@emotion/react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import Dashboard from '@uppy/dashboard';
import { MUSIC_MAX_BYTES, ZAddMusicInput, type AddMusicInput } from '@innerecho/contracts';
import {
  apiQueryKey,
  callApi,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  toast,
  validInput,
  useThemeMode,
  FormDialogFooter,
} from '@innerecho/ui';
import { toastFailure } from './mutation-toasts';
import { TitleField } from './title-field';
import { useUppyStyles } from './uppy-styles';
import { useMusicUploader } from './use-music-uploader';

export interface MusicUploadDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/** Title and one audio file; Save stays disabled until the file is uploaded and the title is set. */
export function MusicUploadDialog({ open, onOpenChange }: MusicUploadDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent css={{ maxWidth: 640 }}>{open ? <MusicUploadForm onDone={() => onOpenChange(false)} /> : null}</DialogContent>
    </Dialog>
  );
}

/**
 * Uppy's dashboard in the product's colours and type, in both themes. `&&` outranks
 * Uppy's own theme selectors, whose stylesheet is linked after ours.
 */
const uppyLook = (t: Theme) => ({
  '&& .uppy-Root': { fontFamily: t.fonts.body },
  '&& .uppy-Dashboard-inner': {
    background: t.colors.surfaceSunken,
    border: `1px dashed ${t.colors.borderStrong}`,
    borderRadius: t.radii.md,
  },
  '&& .uppy-Dashboard-AddFiles': { border: 'none' },
  '&& .uppy-Dashboard-AddFiles-title': { color: t.colors.text, fontSize: 16 },
  '&& .uppy-Dashboard-browse': { color: t.colors.primary, fontWeight: 600 },
  '&& .uppy-Dashboard-note': { color: t.colors.textSubtle },
  '&& .uppy-Dashboard-files, && .uppy-Dashboard-innerWrap': { background: 'transparent' },
  '&& .uppy-DashboardContent-bar, && .uppy-StatusBar, && .uppy-StatusBar-actions': {
    background: t.colors.surface,
    borderColor: t.colors.border,
    color: t.colors.text,
  },
  '&& .uppy-DashboardContent-title, && .uppy-StatusBar-statusPrimary': { color: t.colors.text },
  '&& .uppy-DashboardContent-back, && .uppy-DashboardContent-addMore, && .uppy-StatusBar-actionBtn--done': { color: t.colors.primary },
  '&& .uppy-StatusBar-actionBtn--upload': {
    background: t.colors.primary,
    color: t.colors.primaryText,
    borderRadius: t.radii.pill,
    fontWeight: 600,
  },
  '&& .uppy-Dashboard-Item-previewInnerWrap': { background: `${t.colors.accentSoft} !important` },
  '&& .uppy-Dashboard-Item-name': { color: t.colors.text },
});

function MusicUploadForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const queryClient = useQueryClient();
  const { mode } = useThemeMode();
  const uppy = useMusicUploader();
  useUppyStyles();
  const target = useRef<HTMLDivElement>(null);
  const [title, setTitle] = useState('');
  const [uploadURL, setUploadURL] = useState<string | null>(null);

  useEffect(() => {
    if (!target.current) return;
    uppy.use(Dashboard, {
      id: 'music-dashboard',
      inline: true,
      target: target.current,
      height: 260,
      width: '100%',
      theme: mode,
      proudlyDisplayPoweredByUppy: false,
      note: `One audio file (MP3, WAV, M4A, OGG…), up to ${Math.round(MUSIC_MAX_BYTES / 1024 / 1024)} MB`,
    });
    const onSuccess = (_file: unknown, response: { uploadURL?: string; body?: { location?: string } }) => {
      const url = response.uploadURL ?? response.body?.location;
      if (!url) return;
      setUploadURL(url);
      toast({ title: 'File uploaded', description: 'Music file is ready', variant: 'success' });
    };
    const onRemoved = () => setUploadURL(null);
    const onError = (_file: unknown, error: Error) => toastFailure('Upload failed', Object.assign(error, {}));
    uppy.on('upload-success', onSuccess as never);
    uppy.on('file-removed', onRemoved);
    uppy.on('upload-error', onError as never);
    // Suggest a title from the file name when none is typed yet.
    const onAdded = (file: { name?: string }) =>
      setTitle(
        (t) =>
          t ||
          (file.name ?? '')
            .replace(/\.[^.]+$/, '')
            .replace(/[-_]+/g, ' ')
            .trim(),
      );
    uppy.on('file-added', onAdded as never);
    return () => {
      uppy.off('upload-success', onSuccess as never);
      uppy.off('file-removed', onRemoved);
      uppy.off('upload-error', onError as never);
      uppy.off('file-added', onAdded as never);
      const plugin = uppy.getPlugin('music-dashboard');
      if (plugin) uppy.removePlugin(plugin);
    };
  }, [uppy, mode]);

  const save = useMutation({
    mutationFn: (input: AddMusicInput) => callApi('POST /api/background-music', { body: { ...input, duration: 300 } }),
    onSuccess: async () => {
      toast({ title: 'Music uploaded', variant: 'success' });
      await queryClient.invalidateQueries({ queryKey: apiQueryKey('GET /api/background-music') });
      onDone();
    },
    onError: (error) => toastFailure('Could not save the music', error),
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const input = validInput(ZAddMusicInput, { title: title.trim(), uploadURL: uploadURL ?? '' });
    if (input) save.mutate(input);
  };

  return (
    <>
      <DialogTitle>Upload Music</DialogTitle>
      <DialogDescription>Calm, loopable tracks work best: they play softly under the spoken affirmation.</DialogDescription>
      <form onSubmit={submit} noValidate css={{ display: 'grid', gap: 16, marginTop: 16 }}>
        <TitleField id={`${id}-title`} value={title} onChange={setTitle} placeholder="e.g. Morning Light" />
        <div>
          <span css={{ display: 'block', fontWeight: 600, fontSize: 14, marginBottom: 8 }}>Audio file</span>
          <div ref={target} css={uppyLook} />
        </div>
        <FormDialogFooter onCancel={onDone} pending={save.isPending} submitLabel="Save" submitDisabled={!title.trim() || !uploadURL} />
      </form>
    </>
  );
}
