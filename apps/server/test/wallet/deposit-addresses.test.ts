import { HDKey } from '@scure/bip32';
import { bytesToHex, hexToBytes } from 'viem';
import { mnemonicToAccount, privateKeyToAddress } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { DEPOSIT_ACCOUNT_PATH } from '../../src/config';
import { depositAddressDeriver } from '../../src/modules/deposits/addresses';

/** The BIP-39 test mnemonic; its seed is the published test vector (BIP-39, passphrase ""). */
const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const SEED =
  '0x5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4';

describe('deposit addresses', () => {
  it("are the standard m/44'/60'/0'/0/i addresses, derived from the public key only", () => {
    const master = HDKey.fromMasterSeed(hexToBytes(SEED));
    const account = master.derive(DEPOSIT_ACCOUNT_PATH);
    const derive = depositAddressDeriver(account.publicExtendedKey);

    // Published for this mnemonic by every Ethereum wallet: the first address of the path.
    expect(derive(0)).toBe('0x9858effd232b4033e47d90003d41ec34ecaeda94');
    for (const index of [0, 1, 2, 3, 17, 2 ** 31 - 1]) {
      const privateKey = master.derive(`${DEPOSIT_ACCOUNT_PATH}/0/${index}`).privateKey!;
      expect(derive(index), String(index)).toBe(privateKeyToAddress(bytesToHex(privateKey)).toLowerCase());
    }
    for (const index of [0, 1, 5]) {
      expect(derive(index)).toBe(mnemonicToAccount(MNEMONIC, { addressIndex: index }).address.toLowerCase());
    }
  });

  it('refuse a private key or a key of another level than the account', () => {
    const master = HDKey.fromMasterSeed(hexToBytes(SEED));
    expect(() => depositAddressDeriver(master.derive(DEPOSIT_ACCOUNT_PATH).privateExtendedKey)).toThrow(
      /public key/,
    );
    expect(() => depositAddressDeriver(master.derive("m/44'/60'").publicExtendedKey)).toThrow(
      /account-level/,
    );
  });
});
