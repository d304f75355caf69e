// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EditProfileForm } from '@renderer/features/settings/EditProfileForm';
import { useTeamStore } from '@renderer/stores/team-store';
import { ACME, installDomMerchant } from '../dom-merchant';
import { JOINED_OPERATOR } from '../team-fixtures';

const HINT = /On a team the merchant ID names the account every desk files this profile under/;

afterEach(cleanup);

describe('editing a profile’s merchant ID on a team', () => {
  it('says beside the field that it does not change on a team (main refuses it)', () => {
    useTeamStore.setState({ status: JOINED_OPERATOR });
    installDomMerchant({});
    render(<EditProfileForm profile={ACME} onDone={() => {}} />);
    expect(screen.getByLabelText('Merchant ID').getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(HINT)).toBeTruthy();
  });

  it('says nothing of it on a desk alone, where the merchant ID may change', () => {
    useTeamStore.setState({ status: { ...JOINED_OPERATOR, joined: false } });
    installDomMerchant({});
    render(<EditProfileForm profile={ACME} onDone={() => {}} />);
    expect(screen.queryByText(HINT)).toBeNull();
  });
});
