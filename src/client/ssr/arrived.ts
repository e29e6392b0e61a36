/** True when the page arrived rendered by the server: the first render must then hydrate it (hydrateRoot). */
export const arrivedRendered = () => typeof document !== 'undefined' && document.getElementById('root')?.dataset.ssr === 'true';
