import AddShoppingCartRounded from '@mui/icons-material/AddShoppingCartRounded';
import ShoppingCartCheckoutRounded from '@mui/icons-material/ShoppingCartCheckoutRounded';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAddToCart } from './api/add-to-cart.ts';
import { BUYER_LINKS } from './api/keys.ts';
import { useBuyerSignIn } from './use-sign-in.ts';

/**
 * 'Add to cart', then 'In cart' (a link to the cart). `inCart` is the server's word when the page knows it;
 * otherwise the button remembers its own success. Visitors are sent to sign in.
 */
export function AddToCartButton({
  listingId,
  domain,
  inCart = false,
  size = 'medium',
  fullWidth = false,
}: {
  listingId: string;
  domain: string;
  inCart?: boolean;
  size?: ButtonProps['size'];
  fullWidth?: boolean;
}) {
  const { t } = useTranslation('buying');
  const { isLogin, signIn } = useBuyerSignIn();
  const add = useAddToCart();
  const [added, setAdded] = useState(false);
  if (inCart || added) {
    return (
      <Button
        component={RouterLink}
        to={BUYER_LINKS.cart}
        size={size}
        fullWidth={fullWidth}
        variant="outlined"
        color="success"
        startIcon={<ShoppingCartCheckoutRounded />}
        aria-label={t('cart.inCartFor', { domain })}
        data-testid="in-cart"
      >
        {t('cart.inCart')}
      </Button>
    );
  }
  return (
    <Button
      size={size}
      fullWidth={fullWidth}
      variant="outlined"
      startIcon={<AddShoppingCartRounded />}
      disabled={add.isPending}
      aria-label={t('cart.addFor', { domain })}
      data-testid="add-to-cart"
      onClick={() => {
        if (!isLogin) return signIn();
        add.mutate(
          { listingId, domain },
          // A refusal (cart full, not for sale) is the pipeline's toast.
          { onSuccess: () => setAdded(true) },
        );
      }}
    >
      {t('cart.add')}
    </Button>
  );
}
