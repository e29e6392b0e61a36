import { FEATURES } from './content';
import { Icon } from './icons';
import { Section } from './section';

export function FeaturesGrid() {
  return (
    <Section id="features" kicker="Features" title="Everything you need, nothing they can see" lead="A full browser that keeps to itself: on your screen when you need it, out of every share and recording when you don't.">
      <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {FEATURES.map((f) => (
          <li key={f.title} className="card flex flex-col gap-4 transition-colors hover:border-ink-600">
            <span className="flex h-11 w-11 items-center justify-center rounded-xl bg-accent-500/12 text-accent-300">
              <Icon name={f.icon} className="h-6 w-6" />
            </span>
            <h3 className="text-lg font-semibold text-ink-100">{f.title}</h3>
            <p className="leading-relaxed text-ink-300">{f.body}</p>
          </li>
        ))}
      </ul>
    </Section>
  );
}
