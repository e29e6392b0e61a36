/** The landing page's #pricing section (owned by the billing area): plans, monthly/yearly toggle, Choose Plan. */
export function PricingSection() {
  return (
    <section id="pricing" className="container-page scroll-mt-16 py-20">
      <h2 className="text-3xl font-bold">Pricing</h2>
    </section>
  );
}
