import type { SeedLegalPage } from '../types';

// Legal texts for /termos-uso, /politica-privacidade and /trocas-devolucoes.
// HTML as for blog posts. They reflect how the store works: online-only,
// free shipping, the payment methods offered now ({formas-de-pagamento}, lib/payment-offer), the 'Assinatura Inteligente' plans.
// They are a solid starting point, not legal advice: have them reviewed by a lawyer.

const COMPANY = 'Clarear Produtos de Limpeza Ltda.';
const UPDATED = '1º de maio de 2026';
/** The Termos' own date: they name the payment methods offered now (issue 30). */
const TERMS_UPDATED = '27 de novembro de 2026';
/** The privacy policy's own date: the LGPD rights' self-service (Meus Dados) came later. */
const PRIVACY_UPDATED = '27 de novembro de 2026';

const termosUso = `<p><em>Última atualização: ${TERMS_UPDATED}.</em></p>
<p>Estes Termos de Uso regulam o acesso e a utilização da loja virtual Clarear e a compra de produtos, kits e planos de assinatura oferecidos por <strong>${COMPANY}</strong>, sociedade com sede em São Paulo/SP, CNPJ informado na nota fiscal, doravante "Clarear". Ao navegar pelo site, criar uma conta ou fazer uma compra, você declara que leu e concorda com estes termos e com a nossa <a href="/politica-privacidade">Política de Privacidade</a>.</p>
<h2>1. Quem pode usar a loja</h2>
<p>Qualquer pessoa pode navegar pelo catálogo, ler o blog e usar o assistente virtual. Para comprar, favoritar produtos, salvar kits e assinar um plano, é necessário criar uma conta. O cadastro é pessoal e permitido a maiores de 18 anos e a pessoas jurídicas representadas por quem tenha poderes para isso. Você é responsável pela veracidade dos dados informados e pela guarda da sua senha; avise-nos imediatamente pelo e-mail sac@clarear.com.br se suspeitar de uso indevido da sua conta.</p>
<h2>2. Produtos e informações</h2>
<p>Nossos produtos são saneantes fabricados e comercializados conforme as normas da Anvisa. As descrições, o pH, as diluições, as indicações de uso e as precauções publicadas no site reproduzem as informações dos rótulos. As imagens são ilustrativas e podem não corresponder exatamente à embalagem enviada. Leia sempre o rótulo antes de usar o produto. Itens identificados como de <strong>uso profissional</strong> destinam-se a pessoas treinadas e devem ser usados com os equipamentos de proteção indicados.</p>
<p>A Clarear não se responsabiliza por danos causados pelo uso em desacordo com as instruções do rótulo, incluindo misturas entre produtos, diluições diferentes das indicadas ou aplicação em superfícies contraindicadas.</p>
<h2>3. Preços, pagamento e nota fiscal</h2>
<p>Os preços são exibidos em reais (R$) e podem ser alterados a qualquer momento, sem afetar pedidos já confirmados. Aceitamos {formas-de-pagamento}. O pedido é confirmado após a confirmação do pagamento. Em caso de erro evidente de preço ou de cadastro, a Clarear poderá cancelar o pedido, com reembolso integral de qualquer valor pago. A nota fiscal é emitida em nome do titular do pedido e enviada por e-mail.</p>
<h2>4. Entrega</h2>
<p>Entregamos em todo o território nacional. No momento, o frete é gratuito em todos os pedidos. O prazo estimado é informado antes da finalização da compra e começa a contar a partir da confirmação do pagamento. É responsabilidade do cliente informar um endereço completo e correto e garantir que haja alguém para receber. Alguns produtos químicos, por sua classificação de risco, podem ser enviados por transportadora específica, com prazo diferente.</p>
<h2>5. Assinatura Inteligente</h2>
<p>A Assinatura Inteligente é um plano pago e recorrente que oferece <strong>10% de desconto em todas as compras avulsas</strong> enquanto estiver ativa, além da escolha da frequência de entrega (a cada 1, 2 ou 3 meses) no momento da compra. Os planos disponíveis são mensal, semestral e anual, com preços e condições informados na página <a href="/assinatura">Assinatura</a>. O desconto não se aplica ao pedido que contém a própria contratação do plano.</p>
<ul>
<li>Você pode trocar de plano ou cancelar a qualquer momento na Área do Cliente, sem multa ou fidelidade.</li>
<li>O cancelamento encerra os benefícios e as cobranças futuras a partir da data em que é solicitado.</li>
<li>Se você se arrepender em até 7 dias da contratação, o valor pago pelo plano é devolvido integralmente.</li>
<li>A Clarear pode alterar preços e benefícios do plano mediante aviso prévio de 30 dias por e-mail; a alteração vale a partir da renovação seguinte e você pode cancelar caso não concorde.</li>
</ul>
<h2>6. Trocas, devoluções e arrependimento</h2>
<p>Os prazos e procedimentos para troca, devolução e exercício do direito de arrependimento estão descritos na nossa <a href="/trocas-devolucoes">Política de Trocas e Devoluções</a>, elaborada de acordo com o Código de Defesa do Consumidor.</p>
<h2>7. Uso adequado do site</h2>
<p>É proibido usar a loja para fins ilícitos, tentar acessar áreas restritas ou dados de outros usuários, interferir no funcionamento do site, utilizar robôs para coleta de conteúdo ou preços, ou cadastrar dados de terceiros sem autorização. Contas envolvidas nessas práticas podem ser suspensas, sem prejuízo das medidas legais cabíveis.</p>
<h2>8. Propriedade intelectual</h2>
<p>A marca Clarear, o logotipo, os textos, as ilustrações, os artigos do blog e o layout do site pertencem à Clarear e são protegidos pela legislação de propriedade intelectual. É permitido compartilhar links para o nosso conteúdo; a reprodução total ou parcial para fins comerciais depende de autorização por escrito.</p>
<h2>9. Disponibilidade e responsabilidade</h2>
<p>Trabalhamos para manter a loja disponível e segura, mas o site pode passar por interrupções para manutenção ou por falhas de terceiros, como provedores de internet e meios de pagamento. Nesses casos, nenhum pedido confirmado será prejudicado. Links internos e conteúdos do blog têm caráter informativo e não substituem a leitura do rótulo ou a orientação de um profissional.</p>
<h2>10. Alterações destes termos</h2>
<p>Estes termos podem ser atualizados para refletir mudanças na loja ou na legislação. A versão vigente é sempre a publicada nesta página, com a data da última atualização. Compras já realizadas seguem os termos vigentes na data do pedido.</p>
<h2>11. Legislação e foro</h2>
<p>Estes termos são regidos pelas leis brasileiras, em especial o Código de Defesa do Consumidor (Lei 8.078/1990), o Marco Civil da Internet (Lei 12.965/2014) e a Lei Geral de Proteção de Dados (Lei 13.709/2018). Fica eleito o foro do domicílio do consumidor para resolver eventuais conflitos.</p>
<h2>12. Fale conosco</h2>
<p>Dúvidas sobre estes termos podem ser enviadas para <strong>sac@clarear.com.br</strong>. Respondemos em até 2 dias úteis.</p>`;

const politicaPrivacidade = `<p><em>Última atualização: ${PRIVACY_UPDATED}.</em></p>
<p>A <strong>${COMPANY}</strong>, com sede em São Paulo/SP, CNPJ informado na nota fiscal ("Clarear"), respeita a sua privacidade. Esta política explica, de acordo com a Lei Geral de Proteção de Dados Pessoais (<strong>LGPD, Lei 13.709/2018</strong>), quais dados pessoais tratamos, para quê, com quem os compartilhamos, por quanto tempo os guardamos e como você pode exercer seus direitos. A Clarear é a <strong>controladora</strong> dos dados tratados na loja virtual.</p>
<h2>1. Dados que coletamos</h2>
<h3>Dados que você nos fornece</h3>
<ul>
<li><strong>Cadastro:</strong> nome, e-mail e senha (armazenada apenas em formato criptografado, por hash, que nem a Clarear consegue ler).</li>
<li><strong>Entrega:</strong> endereços cadastrados, com CEP, cidade e estado.</li>
<li><strong>Compras e assinatura:</strong> produtos comprados, valores, frequência de entrega, plano contratado e histórico de pedidos.</li>
<li><strong>Pagamento:</strong> os dados do cartão são digitados e processados diretamente pela instituição de pagamento; a Clarear não armazena o número completo do cartão nem o código de segurança.</li>
<li><strong>Comunicação:</strong> e-mail cadastrado na newsletter, mensagens enviadas pelo formulário de contato, pelo assistente virtual e ao SAC.</li>
<li><strong>Preferências:</strong> tema claro ou escuro, exibição do assistente virtual e do botão de WhatsApp, recebimento de notificações, produtos favoritos e kits salvos.</li>
</ul>
<h3>Dados coletados automaticamente</h3>
<ul>
<li>Endereço IP, data e hora de acesso, tipo de navegador e dispositivo, guardados como registros de acesso.</li>
<li>Cookies e armazenamento local do navegador, usados para manter sua sessão, seu carrinho e suas preferências de tema.</li>
</ul>
<h2>2. Para que usamos seus dados e com qual base legal</h2>
<ul>
<li><strong>Criar e manter sua conta, processar pedidos, entregar produtos, gerenciar a assinatura e emitir notas fiscais</strong>: execução de contrato (art. 7º, V, da LGPD) e cumprimento de obrigação legal ou regulatória (art. 7º, II).</li>
<li><strong>Atender solicitações no SAC, trocas e devoluções</strong>: execução de contrato e exercício regular de direitos (art. 7º, V e VI).</li>
<li><strong>Prevenir fraudes e proteger a segurança da loja e dos usuários</strong>: legítimo interesse (art. 7º, IX) e proteção do crédito (art. 7º, X).</li>
<li><strong>Enviar a newsletter, ofertas e conteúdos do blog</strong>: consentimento (art. 7º, I), que você pode revogar a qualquer momento pelo link de descadastro ou nas preferências da conta.</li>
<li><strong>Melhorar o site, o catálogo e o atendimento</strong> a partir de estatísticas de uso: legítimo interesse, sempre que possível com dados agregados ou anonimizados.</li>
<li><strong>Guardar registros de acesso</strong>: obrigação legal prevista no Marco Civil da Internet (Lei 12.965/2014).</li>
</ul>
<p>Não tomamos decisões exclusivamente automatizadas que produzam efeitos jurídicos sobre você e não vendemos dados pessoais.</p>
<h2>3. Com quem compartilhamos</h2>
<p>Compartilhamos apenas os dados necessários com: transportadoras e Correios (nome, endereço e telefone para entrega); instituições de pagamento e antifraude (dados do pedido e de pagamento); provedores de hospedagem, banco de dados e envio de e-mails, que atuam como operadores e seguem nossas instruções; escritórios de contabilidade, para obrigações fiscais; e autoridades públicas, quando houver obrigação legal ou ordem judicial. Alguns desses fornecedores podem armazenar dados em servidores fora do Brasil; nesses casos, adotamos as garantias previstas no art. 33 da LGPD, como cláusulas contratuais de proteção de dados.</p>
<h2>4. Por quanto tempo guardamos</h2>
<ul>
<li>Dados de cadastro: enquanto a conta estiver ativa. Após a exclusão, são eliminados ou anonimizados, salvo o que precisamos manter por lei.</li>
<li>Pedidos e documentos fiscais: pelo prazo exigido pela legislação tributária, em regra 5 anos.</li>
<li>Registros de acesso: 6 meses, conforme o Marco Civil da Internet.</li>
<li>Newsletter: até você cancelar a inscrição.</li>
<li>Dados necessários à defesa em processos: até o fim do prazo de prescrição aplicável.</li>
<li><strong>Desconto de boas-vindas:</strong> o desconto vale uma vez por pessoa. Para evitar que seja usado de novo por quem já comprou (prevenção de fraudes: legítimo interesse, art. 7º, IX, e conservação autorizada pelo art. 16 da LGPD), guardamos, mesmo depois da exclusão da conta, um código calculado a partir do CPF/CNPJ de quem usou o desconto ou já comprou na loja (um hash com chave secreta: não é possível recuperar o documento a partir dele, nem ligá-lo ao seu nome ou e-mail). Ele serve só para negar um segundo desconto de boas-vindas e não aparece no arquivo de Baixar meus dados, pois não identifica você sozinho.</li>
</ul>
<h2>5. Seus direitos como titular</h2>
<p>O art. 18 da LGPD garante a você, a qualquer momento e gratuitamente:</p>
<ul>
<li><strong>Confirmação</strong> de que tratamos seus dados e <strong>acesso</strong> a eles;</li>
<li><strong>Correção</strong> de dados incompletos, inexatos ou desatualizados;</li>
<li><strong>Anonimização, bloqueio ou eliminação</strong> de dados desnecessários, excessivos ou tratados em desconformidade com a lei, e a <strong>eliminação</strong> dos dados tratados com o seu consentimento;</li>
<li><strong>Portabilidade</strong> dos dados a outro fornecedor;</li>
<li><strong>Informação sobre o compartilhamento</strong>: com quais entidades públicas e privadas compartilhamos seus dados (veja a seção 3);</li>
<li>Informação sobre a possibilidade de não dar consentimento e suas consequências, e <strong>revogação do consentimento</strong>;</li>
<li>Oposição a tratamentos baseados em legítimo interesse, e revisão de decisões automatizadas.</li>
</ul>
<p>Você também pode apresentar reclamação à Autoridade Nacional de Proteção de Dados (ANPD).</p>
<h2>6. Como exercer seus direitos</h2>
<p>Na <strong>Área do Cliente, em <a href="/area-cliente/perfil">Meus Dados</a></strong>, você mesmo, sem precisar pedir:</p>
<ul>
<li><strong>Baixar meus dados</strong> (confirmação, acesso e portabilidade): um arquivo JSON com tudo o que guardamos sobre você: cadastro, endereços, pedidos com itens e histórico, assinatura e entregas programadas, lista de desejos, kits salvos, preferências, inscrição na newsletter e mensagens de contato.</li>
<li><strong>Corrigir</strong> nome e CPF/CNPJ em Meus Dados e os endereços em Endereços; deixar a newsletter e as notificações em Preferências (revogação do consentimento).</li>
<li><strong>Excluir minha conta</strong> (eliminação e anonimização): com a senha digitada de novo e a sua confirmação, apagamos a conta, as sessões, os endereços, a lista de desejos, os kits salvos, as preferências, a inscrição na newsletter e as mensagens de contato, e cancelamos a assinatura e as entregas programadas. Os pedidos são guardados pelo prazo da legislação fiscal (art. 16, I, da LGPD), sem o seu nome, e-mail, CPF/CNPJ, endereço e o link do boleto. Pedimos também à instituição de pagamento que apague os cartões salvos e o seu cadastro de cliente lá. Fica guardado apenas o código do CPF/CNPJ do desconto de boas-vindas (seção 4). Enquanto houver um pedido pago, em separação ou enviado, a exclusão aguarda a entrega. Depois, o mesmo e-mail pode criar uma conta nova.</li>
</ul>
<p>Para os demais pedidos (por exemplo, saber com quem compartilhamos seus dados, opor-se a um tratamento ou tratar de dados de quem não tem conta), fale com nosso encarregado pelo tratamento de dados pessoais (DPO) pelo e-mail <strong>privacidade@clarear.com.br</strong> ou pela página de <a href="/contato">contato</a>. Para sua segurança, poderemos pedir informações que confirmem sua identidade antes de atender ao pedido. Respondemos em até 15 dias.</p>
<h2>7. Segurança</h2>
<p>Adotamos medidas técnicas e administrativas para proteger seus dados: conexão criptografada (HTTPS), senhas armazenadas com hash, acesso restrito aos dados por funcionários que precisam deles, cópias de segurança e monitoramento. Nenhum sistema é totalmente invulnerável; se ocorrer um incidente de segurança que possa gerar risco ou dano relevante, comunicaremos você e a ANPD, conforme a lei.</p>
<h2>8. Cookies e armazenamento local</h2>
<p>Usamos cookies essenciais para manter você conectado e proteger formulários, e o armazenamento local do navegador para guardar o carrinho e o tema escolhido. Sem eles, a loja não funciona corretamente. Você pode apagar esses dados nas configurações do navegador a qualquer momento.</p>
<h2>9. Crianças e adolescentes</h2>
<p>A loja não é direcionada a menores de 18 anos e não coletamos intencionalmente dados de crianças. Se identificarmos um cadastro desse tipo, ele será excluído.</p>
<h2>10. Alterações desta política</h2>
<p>Esta política pode ser atualizada. Mudanças relevantes serão comunicadas por e-mail ou por aviso no site, e a data no início desta página sempre indica a versão vigente.</p>`;

const trocasDevolucoes = `<p><em>Última atualização: ${UPDATED}.</em></p>
<p>Na <strong>${COMPANY}</strong> (São Paulo/SP, CNPJ informado na nota fiscal), queremos que você fique satisfeito com cada compra. Esta política explica como trocar ou devolver produtos, de acordo com o <strong>Código de Defesa do Consumidor (CDC, Lei 8.078/1990)</strong>. Ela vale para compras de pessoas físicas e de empresas que adquirem os produtos como destinatárias finais.</p>
<h2>1. Direito de arrependimento (art. 49 do CDC)</h2>
<p>Como todas as nossas vendas são feitas pela internet, você pode desistir da compra em até <strong>7 (sete) dias corridos contados a partir do recebimento do produto</strong>, sem precisar justificar o motivo. O mesmo vale para a contratação da Assinatura Inteligente, contado da data da contratação.</p>
<ul>
<li>Devolveremos <strong>todos os valores pagos</strong>, incluindo eventual frete, com correção monetária.</li>
<li>O custo do envio de volta é da Clarear.</li>
<li>Por se tratarem de produtos químicos, pedimos que sejam devolvidos na embalagem original, bem fechados, preferencialmente lacrados, com o rótulo íntegro e acompanhados de todos os itens do pedido (no caso de kits, todos os produtos do kit).</li>
</ul>
<h2>2. Produtos com defeito (vício) (arts. 18 e 26 do CDC)</h2>
<p>Se o produto apresentar problema de qualidade ou quantidade, como embalagem vazando, lacre rompido na entrega, volume inferior ao indicado, alteração de cor, cheiro ou consistência dentro do prazo de validade, ou produto diferente do anunciado, você tem direito de reclamar nos seguintes prazos:</p>
<ul>
<li><strong>30 (trinta) dias</strong> para produtos não duráveis, como detergentes, desinfetantes, sabões e demais produtos de limpeza;</li>
<li><strong>90 (noventa) dias</strong> para produtos duráveis, como borrifadores, dispensers e acessórios.</li>
</ul>
<p>Para defeitos aparentes, o prazo começa na data da entrega; para defeitos ocultos, a partir do momento em que o problema se tornar evidente. Constatado o vício, você pode escolher entre: <strong>substituição</strong> por outro produto igual em perfeitas condições; <strong>restituição imediata</strong> do valor pago, com correção monetária; ou <strong>abatimento proporcional</strong> do preço. Como nossos produtos são de consumo, resolvemos o problema em até 30 dias, e normalmente muito antes.</p>
<h2>3. Avarias no transporte e pedidos incorretos</h2>
<p>Ao receber o pedido, confira a embalagem. Se a caixa estiver molhada, amassada ou com cheiro forte de produto, você pode recusar a entrega e nos avisar. Se perceber o problema depois de abrir, ou se recebeu um item diferente do que comprou, fotografe a embalagem e os produtos e entre em contato assim que possível; quanto antes avisar, mais rápido resolvemos. Não manuseie embalagens vazando sem luvas.</p>
<h2>4. Como solicitar</h2>
<ol>
<li>Envie um e-mail para <strong>sac@clarear.com.br</strong> com o número do pedido (os 8 primeiros caracteres, como aparece na Área do Cliente), seu nome, o produto, o motivo (arrependimento, defeito, avaria ou item incorreto) e, se possível, fotos.</li>
<li>Respondemos em até 2 dias úteis com as instruções de devolução. Dependendo do produto, enviaremos um código de postagem gratuita ou agendaremos a coleta por transportadora. Produtos ácidos, corrosivos ou inflamáveis são recolhidos apenas por transportadora habilitada, nunca pelos Correios.</li>
<li>Embale o produto de forma segura, de preferência na caixa original, com as tampas bem fechadas e em saco plástico.</li>
<li>Quando recebermos e conferirmos a devolução, fazemos a troca ou o reembolso conforme a sua escolha.</li>
</ol>
<h2>5. Reembolso</h2>
<p>O reembolso é feito pela mesma forma de pagamento usada na compra, em até 5 dias úteis após o recebimento do produto devolvido (ou, no caso da assinatura, da solicitação de arrependimento):</p>
<ul>
<li><strong>Cartão de crédito:</strong> solicitamos o estorno à operadora. O crédito aparece em até duas faturas, conforme o banco emissor; compras parceladas têm as parcelas canceladas.</li>
<li><strong>Pix:</strong> devolução para a mesma conta de origem do pagamento.</li>
<li><strong>Boleto:</strong> transferência para conta bancária de titularidade do comprador, informada ao SAC.</li>
</ul>
<p>Se preferir, o valor pode ser convertido em crédito para uma nova compra.</p>
<h2>6. Situações que não dão direito a troca</h2>
<p>Fora do prazo de arrependimento e sem defeito, não trocamos produtos abertos ou parcialmente utilizados por simples mudança de preferência, nem produtos danificados por uso em desacordo com o rótulo, como misturas, diluições incorretas ou armazenamento inadequado (sob sol ou calor excessivo). Essas condições nunca limitam os seus direitos previstos no CDC.</p>
<h2>7. Assinatura Inteligente</h2>
<p>Além do arrependimento em 7 dias, você pode cancelar a assinatura a qualquer momento na Área do Cliente, sem multa. O cancelamento encerra os benefícios e as cobranças futuras. Compras avulsas feitas com o desconto de assinante seguem as regras desta política normalmente.</p>
<h2>8. Atendimento</h2>
<p>Nosso SAC atende pelo e-mail <strong>sac@clarear.com.br</strong>, de segunda a sexta, das 8h às 18h, e aos sábados, das 8h às 12h, exceto feriados. Se não ficar satisfeito com a solução, você também pode procurar o Procon da sua cidade ou a plataforma pública consumidor.gov.br.</p>`;

export const legalPages: SeedLegalPage[] = [
  {
    slug: 'termos-uso',
    title: 'Termos de Uso',
    description:
      'Regras de uso da loja virtual Clarear: cadastro, compras, pagamento, entrega, Assinatura Inteligente e responsabilidades.',
    content: termosUso,
  },
  {
    slug: 'politica-privacidade',
    title: 'Política de Privacidade',
    description:
      'Como a Clarear coleta, usa, compartilha e protege seus dados pessoais, conforme a LGPD (Lei 13.709/2018), e como exercer seus direitos.',
    content: politicaPrivacidade,
  },
  {
    slug: 'trocas-devolucoes',
    title: 'Trocas e Devoluções',
    description:
      'Prazos e passo a passo para arrependimento em 7 dias, troca de produtos com defeito e reembolso, conforme o Código de Defesa do Consumidor.',
    content: trocasDevolucoes,
  },
];
