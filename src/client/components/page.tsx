import { createContext, useContext, type ReactNode } from 'react';

/** True inside the signed-in layout, which gives pages their frame (container, spacing, navigation). */
export const InsetPageContext = createContext(false);

/** The frame of a content page under the top bar. */
export function Page({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children?: ReactNode }) {
  const inset = useContext(InsetPageContext);
  const body = (
    <>
      <h1 className={`font-bold tracking-tight text-ink-100 ${inset ? 'text-2xl sm:text-3xl' : 'text-3xl sm:text-4xl'}`}>{title}</h1>
      {subtitle && <p className={inset ? 'mt-2 text-ink-400' : 'mt-3 text-ink-400'}>{subtitle}</p>}
      <div className={inset ? 'mt-6' : 'mt-8'}>{children}</div>
    </>
  );
  if (inset) return <div>{body}</div>;
  return <main className="container-page pb-20 pt-28">{body}</main>;
}
