import { site } from '../../shared/site';

const SECTIONS = ['features', 'shortcuts', 'how-it-works', 'videos', 'pricing', 'does-this-work', 'download', 'faq'];

/** The landing page (filled in by the landing issue): every anchor of the spec exists. */
export function LandingPage() {
  return (
    <main className="pt-16">
      <section className="container-page py-24 text-center">
        <h1 className="text-4xl font-bold tracking-tight sm:text-6xl">{site.productName}</h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-ink-300">{site.tagline}</p>
        <p className="mt-4 text-sm text-ink-400">Always Free to Use for Testing · No credit card required</p>
      </section>
      {SECTIONS.map((id) => (
        <section key={id} id={id} className="container-page min-h-[40vh] scroll-mt-16 border-t border-ink-800 py-16">
          <h2 className="text-2xl font-semibold capitalize">{id.replace(/-/g, ' ')}</h2>
        </section>
      ))}
    </main>
  );
}
