// The styles of the parts the shell loads lazily (lazy-parts.ts), and of the shared components they
// brought along, stay in the first stylesheet, in the order they held there before those parts went
// lazy. A stylesheet a lazy chunk adds comes after styles.css, so where two rules weigh the same the
// other would win (the Withdrawals screen's banner padding, for one), and a part's look would change
// when it arrived. Imported first by App.tsx; the parts import their own styles as well.
import '../components/money-surfaces.css';
import '../components/state-views.css';
import '../features/about/about.css';
import './lock.css';
import './notifications.css';
import '../features/team/team-indicator.css';
import './unknown-withdrawals.css';
