import { useAboutStore } from './about-store';

/** The navigation's way to Help → About, for a keyboard and for a desk without a menu bar. */
export function AboutLink() {
  const show = useAboutStore((s) => s.show);
  return (
    <button type="button" className="link-button nav__about" onClick={show} data-testid="about-link">
      About Merchant Desk
    </button>
  );
}
