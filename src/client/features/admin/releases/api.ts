import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminReleases } from '#shared/endpoints/admin';
import type { ReleaseChannel, ReleaseStatus } from '#shared/schemas/releases';
import { call, load } from '../../../api/client';

const KEY = ['admin', 'releases'] as const;

/** What the admin says of a release, whether its installer is uploaded or hosted elsewhere. */
export type ReleaseFieldsInput = {
  version: string;
  channel: string;
  notes: string;
  minOsVersion: string;
  rolloutPercent: number;
  signature: string;
  required: boolean;
};

/** Every release of the desktop program, newest first (decision 190). */
export const useReleases = () => useQuery({ queryKey: KEY, queryFn: ({ signal }) => load(adminReleases.list, { signal }) });

/** Uploads an installer with its fields first (the server reads the file as a stream). */
export function useUploadRelease() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ReleaseFieldsInput & { file: File; blockmap: File | null }) => {
      const form = new FormData();
      form.append('version', input.version);
      form.append('channel', input.channel);
      form.append('notes', input.notes);
      if (input.minOsVersion) form.append('minOsVersion', input.minOsVersion);
      form.append('rolloutPercent', String(input.rolloutPercent));
      if (input.signature) form.append('signature', input.signature);
      form.append('required', String(input.required));
      form.append('installer', input.file, input.file.name);
      // After the installer, as the server reads them in order.
      if (input.blockmap) form.append('blockmap', input.blockmap, input.blockmap.name);
      return call(adminReleases.upload, { body: form });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** Registers a release whose installer is hosted elsewhere (https), with its size and SHA-512. */
export function useExternalRelease() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ReleaseFieldsInput & { url: string; size: number; sha512: string }) =>
      call(adminReleases.external, { body: { ...input, channel: input.channel as ReleaseChannel, signature: input.signature || undefined } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}

/** Publishes, yanks or returns a release to draft, changes its rollout, or whether it is required. */
export function useUpdateRelease() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string; status?: ReleaseStatus; rolloutPercent?: number; required?: boolean }) => {
      const { id, ...body } = input;
      return call(adminReleases.update, { params: { id }, body });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: KEY }),
  });
}
