import type { EmailCatalogue } from './en.ts';

export const es: EmailCatalogue = {
  'title.quoted': '«{title}»',
  'header.via': '{sender} a través de {product}',
  'greeting.named': 'Hola, {name}:',
  'greeting.anonymous': 'Hola:',
  sequential: 'Este documento se firma por orden, una persona tras otra.',

  'label.document': 'Documento',
  'label.from': 'De',
  'label.files': 'Archivos',
  'label.signBy': 'Firmar antes del',
  'label.signers': 'Firmantes',
  'label.position': 'Su lugar en el orden de firma',
  'label.downloadUntil': 'Enlace de descarga válido hasta el',
  'label.linkFallback': '¿No funciona el botón? Copie este enlace en su navegador:',
  'label.messageFrom': 'Mensaje de {sender}:',
  'label.declineReason': 'Su motivo:',
  'label.cancelReason': 'Motivo indicado:',

  'footer.sentBy': 'Enviado por {product} en nombre de {sender}.',
  'footer.unexpected': 'Si no esperaba este correo, puede ignorarlo.',
  'footer.participant': 'Recibe este correo porque participa en esta solicitud de firma.',
  'footer.copied': 'Recibe este correo porque el remitente le puso en copia de esta solicitud de firma.',

  'security.otp': 'Por su seguridad, le enviaremos un código de un solo uso al abrir el enlace.',
  'security.publicLink': 'Cualquiera con este enlace puede firmar en su nombre: no reenvíe este correo.',

  'invite.subject': '{sender} le ha enviado «{title}» para firmar',
  'invite.preheader': '{sender} le pide que firme «{title}». El enlace caduca el {expires}.',
  'invite.heading.yourTurn': 'Revise y firme',
  'invite.heading.waiting': 'Se le ha pedido que firme',
  'invite.intro': '{sender} le ha enviado {title} para firmar.',
  'invite.firstInOrder': 'Usted firma primero; se avisará a la siguiente persona cuando haya firmado.',
  'invite.notYourTurn.one': 'Firmará después de {n} persona más; le escribiremos cuando sea su turno.',
  'invite.notYourTurn.other': 'Firmará después de {n} personas más; le escribiremos cuando sea su turno.',
  'invite.notYourTurn.many': 'Firmará después de {n} personas más; le escribiremos cuando sea su turno.',
  'invite.button': 'Revisar y firmar',
  'invite.buttonWaiting': 'Abrir el documento',

  'nextSigner.subject': 'Es su turno de firmar «{title}»',
  'nextSigner.preheader': '{previous} ha firmado. Revise y firme «{title}».',
  'nextSigner.heading': 'Es su turno de firmar',
  'nextSigner.status': '{previous} ha firmado {title}. Ahora es su turno de revisarlo y firmarlo.',

  'upcoming.subject': 'Pronto se le pedirá que firme «{title}»',
  'upcoming.preheader':
    '{sender} le ha añadido como firmante {position} de {total}. Aún no tiene que hacer nada.',
  'upcoming.heading': 'Pronto será su turno de firmar',
  'upcoming.intro': '{sender} le ha pedido que firme {title}.',
  'upcoming.place': 'Usted es el firmante {position} de {total}.',
  'upcoming.noLinkYet': 'Aún no tiene que hacer nada: le enviaremos un enlace cuando sea su turno.',
  'upcoming.linkWaits':
    'Ya puede abrir el documento; podrá firmar cuando hayan firmado las personas anteriores. Le escribiremos cuando sea su turno.',
  'upcoming.position': '{position} de {total}',

  'signed.subject': '{signer} ha firmado «{title}»',
  'signed.heading': '{signer} ha firmado',
  'signed.intro': '{signer} ha firmado {title}.',
  'signed.last': 'Era la última firma. En breve recibirá el documento firmado.',
  'signed.remaining.one': 'Falta {n} firma para completar el documento.',
  'signed.remaining.other': 'Faltan {n} firmas para completar el documento.',
  'signed.remaining.many': 'Faltan {n} firmas para completar el documento.',

  'receipt.subject': 'Su recibo de firma de «{title}»',
  'receipt.preheader': 'Ha firmado. Guarde este correo: identifica exactamente lo que firmó.',
  'receipt.heading': 'Ha firmado',
  'receipt.intro': 'Firmó {title} el {at}.',
  'receipt.hashes':
    'Abajo figuran el SHA-256 de cada documento firmado y de su evento de firma en el registro de auditoría. El certificado del PDF firmado indica los mismos valores para que cualquiera pueda cotejarlos.',
  'receipt.eventLabel': 'Su evento de firma (SHA-256)',

  'completed.subject': 'Completado: «{title}» está firmado por todos',
  'completed.preheader.attached': 'Todos han firmado. El PDF firmado va adjunto.',
  'completed.preheader.link': 'Todos han firmado. Descargue el PDF firmado.',
  'completed.heading': 'Todos han firmado',
  'completed.intro': 'Todos los firmantes han firmado {title}, enviado por {sender}.',
  'completed.attached': 'El PDF firmado va adjunto a este correo. Guárdelo; también puede descargarlo aquí:',
  'completed.notAttached': 'Descargue el PDF firmado y guárdelo:',
  'completed.attachedOnly': 'El PDF firmado va adjunto a este correo. Guárdelo.',
  'completed.button': 'Descargar el PDF firmado',

  'ccCopy.subject': 'Copia: «{title}» de {sender}',
  'ccCopy.preheader': '{sender} le ha puesto en copia de «{title}». No tiene que firmar nada.',
  'ccCopy.heading': 'Está en copia de una solicitud de firma',
  'ccCopy.intro':
    '{sender} ha enviado {title} a {signers} para su firma y le ha puesto en copia para su información.',
  'ccCopy.nothingToDo':
    'No tiene que firmar nada. Cuando todos hayan firmado, le enviaremos el documento firmado.',

  'declined.subject': '{decliner} ha rechazado firmar «{title}»',
  'declined.preheader': '{decliner} ha rechazado firmar. La solicitud está cerrada.',
  'declined.heading': 'Firma rechazada',
  'declined.intro': '{decliner} ha rechazado firmar {title}.',
  'declined.closed':
    'La solicitud de firma está cerrada y sus enlaces ya no funcionan. No tiene que hacer nada más.',

  'cancelled.subject': 'Cancelado: «{title}»',
  'cancelled.preheader': '{sender} ha cancelado esta solicitud de firma.',
  'cancelled.heading': 'Solicitud de firma cancelada',
  'cancelled.intro': '{sender} ha cancelado la solicitud de firma de {title}.',
  'cancelled.closed': 'El enlace ya no funciona y no tiene que hacer nada más.',

  'reminder.subject': 'Recordatorio: firme «{title}»',
  'reminder.preheader': '{sender} espera su firma. {left}',
  'reminder.heading': 'Aún falta su firma',
  'reminder.intro': '{sender} espera que firme {title}.',
  'reminder.lessThanADay': 'La solicitud caduca en menos de un día, el {expires}.',
  'reminder.left.one': 'La solicitud caduca en {n} día, el {expires}.',
  'reminder.left.other': 'La solicitud caduca en {n} días, el {expires}.',
  'reminder.left.many': 'La solicitud caduca en {n} días, el {expires}.',
  'reminder.button': 'Revisar y firmar',

  'otpCode.subject': 'Su código de verificación para «{title}»',
  'otpCode.preheader.one': 'Úselo en {n} minuto. No lo comparta nunca.',
  'otpCode.preheader.other': 'Úselo en {n} minutos. No lo comparta nunca.',
  'otpCode.preheader.many': 'Úselo en {n} minutos. No lo comparta nunca.',
  'otpCode.heading': 'Su código de verificación',
  'otpCode.intro': 'Introduzca este código para abrir {title} de {sender}:',
  'otpCode.validity.one':
    'El código sirve una vez y caduca en {n} minuto. Si caduca, pida uno nuevo en la página de firma.',
  'otpCode.validity.other':
    'El código sirve una vez y caduca en {n} minutos. Si caduca, pida uno nuevo en la página de firma.',
  'otpCode.validity.many':
    'El código sirve una vez y caduca en {n} minutos. Si caduca, pida uno nuevo en la página de firma.',
  'otpCode.warning':
    'No comparta nunca este código. Si no acaba de intentar abrir este documento, ignore este correo: nadie puede firmar en su nombre sin el código.',
  'label.signedBy': 'Firmado por',
  'label.completedAt': 'Completado',
  'label.declinedAt': 'Rechazado',
  'sent.completed.subject': 'Completado: «{title}» está firmado por todos',
  'sent.completed.preheader':
    'Todas las personas a las que envió «{title}» han firmado. El PDF sellado está listo.',
  'sent.completed.heading': 'Su solicitud de firma está completa',
  'sent.completed.intro':
    'Todos han firmado {title}. Los documentos firmados están sellados y listos para descargar.',
  'sent.declined.subject': '{decliner} ha rechazado «{title}»',
  'sent.declined.preheader': '{decliner} ha rechazado firmar. La solicitud está cerrada.',
  'sent.declined.heading': 'Su solicitud de firma fue rechazada',
  'sent.declined.intro': '{decliner} ha rechazado firmar {title}.',
  'sent.declined.closed':
    'La solicitud está cerrada y sus enlaces de firma ya no funcionan. Puede enviarla de nuevo.',
  'sent.button': 'Abrir en {product}',
  'footer.sender':
    'Recibe este correo porque envió esta solicitud de firma. Puede desactivar estos correos en su configuración.',
  'footer.outcomeAddress':
    'Recibe este correo porque esta dirección recibe el resultado de cada solicitud de firma de {sender}.',
  'memberInvite.subject': '{sender} te ha invitado a «{title}»',
  'memberInvite.preheader': 'Únete a la cuenta en {product}. El enlace funciona hasta el {expires}.',
  'memberInvite.heading': 'Te han invitado',
  'memberInvite.intro': '{sender} te ha invitado a la cuenta de {product} {title}.',
  'memberInvite.button': 'Aceptar la invitación',
  'memberInvite.validity':
    'El enlace te permite iniciar sesión una vez, hasta el {expires}. Después, inicia sesión desde la página de inicio de sesión con esta dirección de correo.',
  'memberInvite.ignore': 'Si no esperabas esta invitación, puedes ignorar este correo.',
  'memberInvite.account': 'Cuenta',
};
