import { useState } from 'react'
import { useNavigate } from 'react-router'
import { useTranslation } from 'react-i18next'
import { Button, type ButtonSize } from '../../../components/ui/button'
import { useSession } from '../session-context'

/** The red Logout button: ends the current session and goes to `redirectTo` (seed-spec section 4). */
export function LogoutButton({
  redirectTo,
  size,
  className,
}: {
  redirectTo: '/' | '/login'
  size?: ButtonSize
  className?: string
}) {
  const { t } = useTranslation()
  const { signOut } = useSession()
  const navigate = useNavigate()
  const [pending, setPending] = useState(false)

  async function handleClick() {
    setPending(true)
    try {
      await signOut()
      await navigate(redirectTo)
    } catch (error) {
      console.error('Logout error', error)
      setPending(false)
    }
  }

  return (
    <Button variant="danger" size={size} className={className} disabled={pending} onClick={handleClick}>
      {pending ? t('nav.loggingOut') : t('nav.logout')}
    </Button>
  )
}
