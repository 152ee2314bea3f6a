/** The partner's invitation link (/sign-up/:promocode): whoever signs up through it joins their team. */
export const invitationLink = (referralId: string) => `${window.location.origin}/sign-up/${referralId}`;
