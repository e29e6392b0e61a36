import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { LIMITS } from '#shared/constants';
import { MSG } from '#shared/messages';
import { IMAGE_URL_PATTERN } from '#shared/schemas/blog';

export const ACCEPTED_IMAGES = 'image/png,image/jpeg,image/gif,image/webp';

type Props = {
  file: File | null;
  onFile: (file: File | null) => void;
  url: string;
  urlField: UseFormRegisterReturn;
  urlError?: string;
  onRemove: () => void;
  onTooLarge: () => void;
};

/** Upload or URL; a chosen file wins over the URL. The preview is local until the post is saved. */
export function FeaturedImageField({ file, onFile, url, urlField, urlError, onRemove, onTooLarge }: Props) {
  const inputRef = useRef<HTMLInputElement>(null);
  const fileId = useId();
  const urlId = useId();
  const objectUrl = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    },
    [objectUrl],
  );
  const preview = objectUrl ?? (url.trim() ? url.trim() : null);
  // An address that is no image address, or whose image did not load (a typo, a page rather than an image, a host
  // that refuses): said in words, never a broken image.
  const [failed, setFailed] = useState<string | null>(null);
  const unshowable = preview !== null && !objectUrl && (!IMAGE_URL_PATTERN.test(preview) || failed === preview);

  const choose = (f: File | undefined) => {
    if (!f) return;
    if (f.size > LIMITS.uploadMaxBytes) {
      onTooLarge();
      if (inputRef.current) inputRef.current.value = '';
      return;
    }
    onFile(f);
  };
  const remove = () => {
    if (inputRef.current) inputRef.current.value = '';
    onRemove();
  };

  return (
    <div className="space-y-4">
      {preview && unshowable ? (
        <div
          className="flex items-start justify-between gap-3 rounded-xl border border-yellow-500/30 bg-yellow-500/5 px-4 py-3 text-sm text-yellow-100"
          role="status"
          data-testid="image-preview-failed"
        >
          <p>No image could be shown from this URL. Check that it is the address of a PNG, JPG, GIF or WebP image itself, not of a page.</p>
          <button type="button" className="btn-ghost shrink-0 px-2 py-1 text-xs text-red-300 hover:text-red-200" onClick={remove}>
            Remove Image
          </button>
        </div>
      ) : preview ? (
        <figure className="overflow-hidden rounded-xl border border-ink-700 bg-ink-850">
          <img src={preview} alt="Featured image preview" className="max-h-72 w-full object-cover" data-testid="image-preview" onError={() => setFailed(preview)} />
          <figcaption className="flex items-center justify-between gap-3 px-4 py-2 text-xs text-ink-400">
            <span className="truncate">{file ? `${file.name} (will be uploaded when you save)` : 'Image from URL'}</span>
            <button type="button" className="btn-ghost px-2 py-1 text-xs text-red-300 hover:text-red-200" onClick={remove}>
              Remove Image
            </button>
          </figcaption>
        </figure>
      ) : (
        <label
          htmlFor={fileId}
          className="flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed border-ink-600 bg-ink-850 px-6 py-10 text-center transition-colors hover:border-accent-400 focus-within:border-accent-400"
        >
          <svg width="32" height="32" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.5" className="text-ink-400" aria-hidden="true">
            <rect x="3" y="3" width="18" height="18" rx="2" />
            <circle cx="9" cy="9" r="2" />
            <path d="m21 15-5-5L5 21" />
          </svg>
          <span className="text-sm font-medium text-ink-100">Click to upload an image</span>
          <span className="text-xs text-ink-400">{MSG.uploadHint}</span>
        </label>
      )}
      <input ref={inputRef} id={fileId} type="file" accept={ACCEPTED_IMAGES} className="sr-only" aria-label="Upload featured image" onChange={(e) => choose(e.target.files?.[0])} />
      <div>
        <label className="label" htmlFor={urlId}>
          Or image URL
        </label>
        <input
          id={urlId}
          className="input"
          type="url"
          inputMode="url"
          placeholder="https://example.com/image.jpg"
          disabled={Boolean(file)}
          aria-invalid={Boolean(urlError)}
          {...urlField}
        />
        {file && <p className="mt-1 text-xs text-ink-400">The uploaded file is used instead of the URL.</p>}
        {urlError && <p className="field-error">{urlError}</p>}
      </div>
    </div>
  );
}
