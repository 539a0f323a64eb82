import { LAYOUT } from '../../contract/constants.ts';
import { DIALOG_VIEWS } from '../../contract/routes.ts';

export interface AdminBarLayout {
  /** Module tab bar beside the title (wide screens). */
  tabsInline: boolean;
  /** Module tab bar in an extension row below (narrow screens). */
  tabsRow: boolean;
  restartButton: boolean;
  updateButton: boolean;
  /** Live/inactive toggle and 'Team' button. */
  dialogControls: boolean;
}

const NO_DIALOG_CONTROLS = new Set(['Assess_live_exit', 'Dialog_exit']);

/** Visibility rules of the admin top bar (SPEC §2, "Top bar"). */
export function adminBarLayout(input: {
  routeName: string;
  width: number;
  smUp: boolean;
  dialogLoaded: boolean;
  /** The held dialog may be tested by this author (else a restart would answer 403). */
  canTest: boolean;
}): AdminBarLayout {
  const dialogView = DIALOG_VIEWS.has(input.routeName);
  const wide = input.width > LAYOUT.navBreakpoint;
  return {
    tabsInline: dialogView && wide,
    tabsRow: dialogView && !wide,
    restartButton: input.routeName === 'Assess' && input.canTest,
    updateButton: input.routeName === 'Analyse',
    dialogControls:
      input.dialogLoaded && dialogView && input.smUp && !NO_DIALOG_CONTROLS.has(input.routeName),
  };
}
